import type { ContentLocale, Translation } from '@movers/contracts';
import { container } from '@movers/functions/src/platform/cosmos/client.ts';
import { sanitizeTranslations } from '@movers/functions/src/platform/html/sanitize.ts';
import { ORDER_ID, TEMPLATES_GROUP, type TemplateDoc } from '@movers/functions/src/features/templates/templates.data.ts';
import { CLIENT_A_ID } from './directory.ts';

/** The demo move (Aurora HQ Bjørvika's), whose pages are seeded here. */
const DEMO_MOVE_ID = `${CLIENT_A_ID}_l0000000-0000-4000-8000-000000000101`;

/** The two demo templates (ids fixed, so tests can name them), in this order. */
export const SEED_TEMPLATE_IDS = ['t0000000-0000-4000-8000-000000000001', 't0000000-0000-4000-8000-000000000002'] as const;

type Text = Record<ContentLocale, [title: string, paragraph: string]>;

const welcome: Text = {
  en: ['Welcome to your new office', 'Everything you need to know before the move, in one place.'],
  no: ['Velkommen til det nye kontoret', 'Alt du trenger å vite før flyttingen, samlet på ett sted.'],
  nn: ['Velkomen til det nye kontoret', 'Alt du treng å vite før flyttinga, samla på éin stad.'],
  de: ['Willkommen im neuen Büro', 'Alles, was Sie vor dem Umzug wissen müssen, an einem Ort.'],
  da: ['Velkommen til det nye kontor', 'Alt hvad du skal vide før flytningen, samlet ét sted.'],
  se: ['Välkommen till det nya kontoret', 'Allt du behöver veta inför flytten, samlat på ett ställe.'],
};

const packing: Text = {
  en: ['Packing your desk', 'Label every box with your name and the sticker you were given.'],
  no: ['Pakking av pulten', 'Merk hver eske med navnet ditt og klistremerket du har fått.'],
  nn: ['Pakking av pulten', 'Merk kvar eske med namnet ditt og klistremerket du har fått.'],
  de: ['Ihren Schreibtisch packen', 'Beschriften Sie jeden Karton mit Ihrem Namen und dem Aufkleber, den Sie erhalten haben.'],
  da: ['Pak dit skrivebord', 'Mærk hver kasse med dit navn og det klistermærke, du har fået.'],
  se: ['Packa ditt skrivbord', 'Märk varje låda med ditt namn och etiketten du har fått.'],
};

/** The words of the templates' bodies, in every language (issue 39: no English left in a Norwegian page). */
const words: Record<
  ContentLocale,
  { when: string; friday: string; where: string; guide: string; box: string; contents: string; papers: string; screen: string }
> = {
  en: {
    when: 'When',
    friday: 'Friday 08:00',
    where: 'Where',
    guide: 'Moving guide',
    box: 'Box',
    contents: 'Contents',
    papers: 'Papers',
    screen: 'Screen and cables',
  },
  no: {
    when: 'Når',
    friday: 'Fredag kl. 08.00',
    where: 'Hvor',
    guide: 'Flytteguide',
    box: 'Eske',
    contents: 'Innhold',
    papers: 'Papirer',
    screen: 'Skjerm og kabler',
  },
  nn: {
    when: 'Når',
    friday: 'Fredag kl. 08.00',
    where: 'Kvar',
    guide: 'Flytterettleiing',
    box: 'Eske',
    contents: 'Innhald',
    papers: 'Papir',
    screen: 'Skjerm og kablar',
  },
  de: {
    when: 'Wann',
    friday: 'Freitag, 08:00 Uhr',
    where: 'Wo',
    guide: 'Umzugsleitfaden',
    box: 'Karton',
    contents: 'Inhalt',
    papers: 'Unterlagen',
    screen: 'Bildschirm und Kabel',
  },
  da: {
    when: 'Hvornår',
    friday: 'Fredag kl. 08.00',
    where: 'Hvor',
    guide: 'Flytteguide',
    box: 'Kasse',
    contents: 'Indhold',
    papers: 'Papirer',
    screen: 'Skærm og kabler',
  },
  se: {
    when: 'När',
    friday: 'Fredag kl. 08.00',
    where: 'Var',
    guide: 'Flyttguide',
    box: 'Låda',
    contents: 'Innehåll',
    papers: 'Papper',
    screen: 'Skärm och kablar',
  },
};

/** The title is the translation's own field (the visitor site shows it as the page's heading): the body does not repeat it. */
const translations = (text: Text, body: (paragraph: string, w: (typeof words)[ContentLocale]) => string): Promise<Translation[]> =>
  sanitizeTranslations(
    (Object.entries(text) as [ContentLocale, [string, string]][]).map(([locale, [title, paragraph]]) => ({
      locale,
      title,
      content: body(paragraph, words[locale]),
    })),
  );

async function createIfMissing(doc: TemplateDoc | { id: string; group: string; type: 'order'; ids: string[]; updatedAt: string }) {
  try {
    await container('templates').items.create(doc);
  } catch (error) {
    if ((error as { code?: number }).code !== 409) throw error;
  }
}

/** Two templates Internal.Super users start from: one for every team, one for internal users only. */
export async function seedTemplates(audit: { createdAt: string; createdBy: string; updatedAt: string; updatedBy: string }) {
  const docs: TemplateDoc[] = [
    {
      id: SEED_TEMPLATE_IDS[0],
      group: TEMPLATES_GROUP,
      type: 'template',
      translations: await translations(
        welcome,
        (p, w) =>
          `<p>${p}</p><ul><li><strong>${w.when}:</strong> ${w.friday}</li><li><strong>${w.where}:</strong> Dronning Eufemias gate 16</li></ul><p><a href="https://movers.test/guide" target="_blank" rel="noopener noreferrer">${w.guide}</a></p>`,
      ),
      availableForInternal: true,
      availableForCustomer: true,
      ...audit,
    },
    {
      id: SEED_TEMPLATE_IDS[1],
      group: TEMPLATES_GROUP,
      type: 'template',
      translations: await translations(
        packing,
        (p, w) =>
          `<p style="text-align:center">${p}</p><figure class="table"><table><thead><tr><th>${w.box}</th><th>${w.contents}</th></tr></thead><tbody><tr><td>1</td><td>${w.papers}</td></tr><tr><td>2</td><td>${w.screen}</td></tr></tbody></table></figure>`,
      ),
      availableForInternal: true,
      availableForCustomer: false,
      ...audit,
    },
  ];
  for (const doc of docs) await createIfMissing(doc);
  await createIfMissing({ id: ORDER_ID, group: TEMPLATES_GROUP, type: 'order', ids: [...SEED_TEMPLATE_IDS], updatedAt: audit.updatedAt });
  await seedDemoMovePages(docs, audit);
}

/** The demo move's pages (ids fixed, so tests can name them): made from the two templates, and one for the authorization matrix to delete. */
export const SEED_PAGE_IDS = {
  welcome: `${DEMO_MOVE_ID}_a0000000-0000-4000-8000-000000000001`,
  packing: `${DEMO_MOVE_ID}_a0000000-0000-4000-8000-000000000002`,
  toDelete: `${DEMO_MOVE_ID}_a0000000-0000-4000-8000-000000000003`,
  firstDay: `${DEMO_MOVE_ID}_a0000000-0000-4000-8000-000000000004`,
  access: `${DEMO_MOVE_ID}_a0000000-0000-4000-8000-000000000005`,
} as const;

/** Two more published pages of the demo move (not from a template), so that its visitor site shows three. */
const firstDay: Text = {
  en: ['Your first day in Bjørvika', 'Breakfast is served in the canteen from 08:00. Your access card is waiting at the reception.'],
  no: ['Din første dag i Bjørvika', 'Frokost serveres i kantina fra klokken 08.00. Adgangskortet ditt venter i resepsjonen.'],
  nn: ['Den første dagen din i Bjørvika', 'Frukost blir servert i kantina frå klokka 08.00. Tilgangskortet ditt ventar i resepsjonen.'],
  de: ['Ihr erster Tag in Bjørvika', 'Ab 08:00 Uhr gibt es Frühstück in der Kantine. Ihre Zugangskarte liegt am Empfang bereit.'],
  da: ['Din første dag i Bjørvika', 'Der serveres morgenmad i kantinen fra kl. 08.00. Dit adgangskort venter i receptionen.'],
  se: ['Din första dag i Bjørvika', 'Frukost serveras i personalrestaurangen från klockan 08.00. Ditt passerkort väntar i receptionen.'],
};
const access: Text = {
  en: ['Parking and access', 'Bicycle parking is in the basement, entrance from Bjørvikaveien. Visitors sign in at the reception.'],
  no: ['Parkering og adgang', 'Sykkelparkeringen er i kjelleren, inngang fra Bjørvikaveien. Besøkende registrerer seg i resepsjonen.'],
  nn: ['Parkering og tilgang', 'Sykkelparkeringa er i kjellaren, inngang frå Bjørvikaveien. Besøkande registrerer seg i resepsjonen.'],
  de: ['Parken und Zugang', 'Fahrradstellplätze sind im Untergeschoss, Einfahrt von der Bjørvikaveien. Besucher melden sich am Empfang an.'],
  da: ['Parkering og adgang', 'Cykelparkeringen er i kælderen, indgang fra Bjørvikaveien. Besøgende melder sig i receptionen.'],
  se: ['Parkering och passage', 'Cykelparkeringen finns i källaren, infart från Bjørvikaveien. Besökare anmäler sig i receptionen.'],
};

async function seedDemoMovePages(templates: TemplateDoc[], audit: Record<string, string>) {
  const pages = container('movePages');
  const page = (id: string, template: TemplateDoc, published: boolean) => ({
    id,
    moveId: DEMO_MOVE_ID,
    type: 'page',
    templateId: template.id,
    published,
    translations: template.translations,
    ...audit,
  });
  for (const doc of [
    page(SEED_PAGE_IDS.welcome, templates[0]!, true),
    page(SEED_PAGE_IDS.packing, templates[1]!, false),
    page(SEED_PAGE_IDS.toDelete, templates[0]!, false),
    {
      ...page(SEED_PAGE_IDS.firstDay, templates[0]!, true),
      templateId: null,
      translations: await translations(firstDay, (p) => `<p>${p}</p>`),
    },
    { ...page(SEED_PAGE_IDS.access, templates[0]!, true), templateId: null, translations: await translations(access, (p) => `<p>${p}</p>`) },
  ]) {
    try {
      await pages.items.create(doc);
    } catch (error) {
      if ((error as { code?: number }).code !== 409) throw error;
    }
  }
}
