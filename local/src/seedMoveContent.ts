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

/** The demo move's FAQ (two of three published), its contacts and details. */
export async function seedMoveContent(moveId: string, audit: Audit) {
  const ids = seededMoveContent(moveId);
  const faq: FaqDoc[] = [
    ['When do the movers arrive?', 'On Friday at 08:00. Please have your desk packed by Thursday afternoon.', true],
    ['How many crates do I get?', 'Two crates per person. Ask the move coordinator if you need more.', true],
    ['Can I bring my own chair?', 'Yes: label it with your name and new desk number.', false],
  ].map(([question, answer, published], i) => ({
    id: ids.faq[i]!,
    moveId,
    type: 'faq',
    question: question as string,
    answer: answer as string,
    published: published as boolean,
    ...audit,
  }));
  const contacts: ContactDoc[] = [
    ['Ingrid Hansen', 'Move coordinator', '+47 912 34 567', 'ingrid.hansen@movers.test'],
    ['Lars Berg', 'Site manager', '+47 934 56 789', 'lars.berg@movers.test'],
    ['Aurora facilities desk', null, '+47 22 00 00 00', null],
  ].map(([name, title, phonenumber, email], i) => ({ id: ids.contacts[i]!, moveId, type: 'contact', name: name!, title, phonenumber, email, ...audit }));
  const details: DetailDoc[] = [
    ['Address', 'Dronning Eufemias gate 16, 0191 Oslo. Goods entrance from Nylandsveien.'],
    ['Parking', 'Visitor parking on level -2; the loading bay is reserved for the movers on Friday.'],
  ].map(([title, description], i) => ({ id: ids.details[i]!, moveId, type: 'detail', title: title!, description: description!, ...audit }));
  await seedList('faqQuestions', moveId, faq, audit.updatedAt);
  await seedList('moveContacts', moveId, contacts, audit.updatedAt);
  await seedList('moveDetails', moveId, details, audit.updatedAt);
}
