import { container } from '@movers/functions/src/platform/cosmos/client.ts';
import type { ContainerKey } from '@movers/functions/src/platform/cosmos/containers.ts';
import { ORDER_ID } from '@movers/functions/src/platform/cosmos/ordering.ts';
import type { ContactDoc } from '@movers/functions/src/features/moveContent/contacts.ts';
import type { DetailDoc } from '@movers/functions/src/features/moveContent/details.ts';
import type { FaqDoc } from '@movers/functions/src/features/moveContent/faq.ts';

type Audit = { createdAt: string; createdBy: string; updatedAt: string; updatedBy: string };

/** Seeded FAQ, contacts and details of the demo move, by id (tests name them; the visitor site shows them). */
export const seededMoveContent = (moveId: string) => ({
  faq: ['fa000000-0000-4000-8000-000000000001', 'fa000000-0000-4000-8000-000000000002', 'fa000000-0000-4000-8000-000000000003'].map((u) => `${moveId}_${u}`),
  contacts: ['cc000000-0000-4000-8000-000000000001', 'cc000000-0000-4000-8000-000000000002', 'cc000000-0000-4000-8000-000000000003'].map(
    (u) => `${moveId}_${u}`,
  ),
  details: ['de000000-0000-4000-8000-000000000001', 'de000000-0000-4000-8000-000000000002'].map((u) => `${moveId}_${u}`),
});

async function createIfMissing(key: ContainerKey, doc: { id: string; [field: string]: unknown }) {
  try {
    await container(key).items.create(doc);
  } catch (error) {
    if ((error as { code?: number }).code !== 409) throw error;
  }
}

/** Each list's items, then its order (`platform/cosmos/ordering.ts`), as the API would have stored them. */
async function seedList<D extends { id: string }>(key: ContainerKey, moveId: string, docs: D[], updatedAt: string) {
  for (const doc of docs) await createIfMissing(key, doc);
  await createIfMissing(key, { id: ORDER_ID, moveId, type: 'order', ids: docs.map((d) => d.id), updatedAt });
}

/**
 * The demo move's FAQ (two of three published), its contacts and details. The move speaks bokmål by
 * default and English too: each text in bokmål (the item's own fields) and in English (`translations.en`).
 */
export async function seedMoveContent(moveId: string, audit: Audit) {
  const ids = seededMoveContent(moveId);
  const faq: FaqDoc[] = (
    [
      [
        ['Når kommer flyttebyrået?', 'Fredag klokken 08.00. Pakk pulten din innen torsdag ettermiddag.'],
        ['When do the movers arrive?', 'On Friday at 08:00. Please have your desk packed by Thursday afternoon.'],
        true,
      ],
      [
        ['Hvor mange flyttekasser får jeg?', 'To kasser per person. Spør flyttekoordinatoren om du trenger flere.'],
        ['How many crates do I get?', 'Two crates per person. Ask the move coordinator if you need more.'],
        true,
      ],
      [
        ['Kan jeg ta med min egen stol?', 'Ja: merk den med navnet ditt og det nye pultnummeret.'],
        ['Can I bring my own chair?', 'Yes: label it with your name and new desk number.'],
        false,
      ],
    ] as const
  ).map(([[question, answer], [enQuestion, enAnswer], published], i) => ({
    id: ids.faq[i]!,
    moveId,
    type: 'faq',
    question,
    answer,
    published,
    translations: { en: { question: enQuestion, answer: enAnswer } },
    ...audit,
  }));
  const contacts: ContactDoc[] = (
    [
      ['Ingrid Hansen', ['Flyttekoordinator', 'Move coordinator'], '+47 912 34 567', 'ingrid.hansen@movers.test'],
      ['Lars Berg', ['Byggeplassleder', 'Site manager'], '+47 934 56 789', 'lars.berg@movers.test'],
      ['Aurora facilities desk', null, '+47 22 00 00 00', null],
    ] as const
  ).map(([name, titles, phonenumber, email], i) => ({
    id: ids.contacts[i]!,
    moveId,
    type: 'contact',
    name,
    title: titles?.[0] ?? null,
    phonenumber,
    email,
    ...(titles ? { translations: { en: { title: titles[1] } } } : {}),
    ...audit,
  }));
  const details: DetailDoc[] = (
    [
      [
        ['Adresse', 'Dronning Eufemias gate 16, 0191 Oslo. Varemottak fra Nylandsveien.'],
        ['Address', 'Dronning Eufemias gate 16, 0191 Oslo. Goods entrance from Nylandsveien.'],
      ],
      [
        ['Parkering', 'Besøksparkering på plan -2; lasterampen er reservert for flyttebyrået fredag.'],
        ['Parking', 'Visitor parking on level -2; the loading bay is reserved for the movers on Friday.'],
      ],
    ] as const
  ).map(([[title, description], [enTitle, enDescription]], i) => ({
    id: ids.details[i]!,
    moveId,
    type: 'detail',
    title,
    description,
    translations: { en: { title: enTitle, description: enDescription } },
    ...audit,
  }));
  await seedList('faqQuestions', moveId, faq, audit.updatedAt);
  await seedList('moveContacts', moveId, contacts, audit.updatedAt);
  await seedList('moveDetails', moveId, details, audit.updatedAt);
}
