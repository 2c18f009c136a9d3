import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { moveInput } from '@movers/local/src/testing/moveInput.ts';
import { expectAccessible, newPage, launch, poll, signIn, webOrigin } from '../support/browser.ts';
import { ownLocation, staffPost } from '../support/ownLocation.ts';

// Issue 39: a move in three languages showed English among Norwegian. Every text a visitor reads of the
// FAQ, the contacts and the timeline has a version per language of the move; the visitor reads theirs,
// else the move's default; the admin's forms have a box per language and say which items miss one.

const PHONE = { width: 390, height: 844 };

let browser: Browser;
let path: string;
let admin: string;

beforeAll(async () => {
  browser = await launch();
  // A move of its own in English (default), bokmål and nynorsk; texts in English and bokmål, one in nynorsk.
  const { clientId, locationId } = await ownLocation('Three Languages', '900 222 666');
  path = `zz-languages-${Date.now().toString(36)}`;
  const move = await staffPost(`/v1/locations/${locationId}/moves`, moveInput(path, { languages: ['en', 'no', 'nn'], defaultLanguage: 'en' }));
  admin = `/admin/clients/${clientId}/${locationId}/${move.id}`;
  await staffPost(`/v1/moves/${move.id}/faq_questions`, {
    question: 'When do I get my access card?',
    answer: 'At the reception on Monday.',
    published: true,
    translations: { no: { question: 'Når får jeg adgangskortet?', answer: 'I resepsjonen på mandag.' } },
  });
  await staffPost(`/v1/moves/${move.id}/faq_questions`, {
    question: 'Where do I park?',
    answer: 'On level -2.',
    published: true,
    translations: { no: { question: 'Hvor parkerer jeg?', answer: 'På plan -2.' }, nn: { question: 'Kvar parkerer eg?', answer: 'På plan -2.' } },
  });
  await staffPost(`/v1/moves/${move.id}/contacts`, {
    name: 'Kari Nordmann',
    title: 'Move coordinator',
    phonenumber: '+47 400 00 000',
    email: null,
    translations: { no: { title: 'Flyttekoordinator' } },
  });
  await staffPost(`/v1/moves/${move.id}/timeline_sections`, {
    title: 'Moving weekend',
    date: '2026-12-12',
    translations: { no: { title: 'Flyttehelgen' } },
    events: [{ title: 'The movers arrive', startDate: '2026-12-12', translations: { no: { title: 'Flyttebyrået kommer' } } }],
  });
});
afterAll(async () => {
  await browser?.close();
});

describe('move content in the languages of the move (issue 39)', () => {
  it('shows a visitor in Norwegian the Norwegian FAQ, contacts and timeline, and the default where a language has no text', async () => {
    const page = await newPage(browser, PHONE);
    await page.goto(`${webOrigin()}/${path}/faq`);
    await page.getByLabel('Password').fill(`${path} secret`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'FAQ', level: 1 }).waitFor();
    await page.getByText('When do I get my access card?').waitFor();

    await page.getByLabel('Language').selectOption('no');
    await page.getByText('Når får jeg adgangskortet?').click();
    await page.getByText('I resepsjonen på mandag.').waitFor();
    await page.getByText('Hvor parkerer jeg?').waitFor();
    expect(await page.getByText('When do I get my access card?').count()).toBe(0);
    expect(await page.getByText('Where do I park?').count()).toBe(0);
    await expectAccessible(page, 'visitor FAQ in bokmål (phone)');

    await page.goto(`${webOrigin()}/${path}/contact`);
    await page.getByRole('heading', { name: 'Kari Nordmann', level: 2 }).waitFor();
    await page.getByText('Flyttekoordinator').waitFor();
    expect(await page.getByText('Move coordinator').count()).toBe(0);

    await page.goto(`${webOrigin()}/${path}/timeline`);
    await page.getByRole('heading', { name: 'Flyttehelgen', level: 2 }).waitFor();
    await page.getByText('Flyttebyrået kommer').waitFor();
    expect(await page.getByText('Moving weekend').count()).toBe(0);
    await expectAccessible(page, 'visitor timeline in bokmål (phone)');

    // Nynorsk has one question of its own; everything else falls back to English, the move's default.
    await page.getByLabel('Språk').selectOption('nn');
    await page.getByRole('heading', { name: 'Moving weekend', level: 2 }).waitFor();
    await page.getByText('The movers arrive').waitFor();
    await page.goto(`${webOrigin()}/${path}/faq`);
    await page.getByText('Kvar parkerer eg?').waitFor();
    await page.getByText('When do I get my access card?').waitFor();
    expect(await page.getByText('Hvor parkerer jeg?').count()).toBe(0);
    // A text shown in the default language says so, for screen readers; one in the page's language does not.
    expect(await page.getByText('When do I get my access card?').getAttribute('lang')).toBe('en');
    expect(await page.getByText('Kvar parkerer eg?').getAttribute('lang')).toBeNull();
    await page.goto(`${webOrigin()}/${path}/contact`);
    await page.getByText('Move coordinator').waitFor();
    await expectAccessible(page, 'visitor contact in nynorsk, English fallback (phone)');
    await page.context().close();
  });

  it('gives the admin one box per language of the move, the default required, and says which items miss a language', async () => {
    const stack = inject('stack');
    const page = await signIn(browser, 'staff@movers.test');
    await page.goto(`${webOrigin()}${admin}/FAQs`);
    await page.getByRole('heading', { name: 'FAQs', level: 1 }).waitFor();
    const list = page.getByRole('list', { name: 'FAQs' });
    // The first question has no nynorsk; the second has every language.
    const first = list.getByRole('button', { name: /^When do I get my access card\?/ });
    await poll(() => first.innerText()).toContain('Missing: Norsk (nynorsk)');
    expect(await list.getByRole('button', { name: /^Where do I park\?/ }).innerText()).not.toContain('Missing');

    await page.getByRole('button', { name: 'add question', exact: true }).click();
    const form = page.getByRole('form', { name: 'add question' });
    for (const language of ['English', 'Norsk (bokmål)', 'Norsk (nynorsk)'])
      for (const field of ['question', 'answer']) await form.getByRole('textbox', { name: `${field} in ${language}` }).waitFor();
    const required = (name: string) =>
      form.getByRole('textbox', { name }).evaluate((box) => box.hasAttribute('required') || box.getAttribute('aria-required') === 'true');
    expect(await required('question in English')).toBe(true);
    expect(await required('question in Norsk (bokmål)')).toBe(false);
    await expectAccessible(page, 'FAQ add form with a box per language');
    await form.getByRole('textbox', { name: 'question in English' }).fill('Is there lunch?');
    await form.getByRole('textbox', { name: 'answer in English' }).fill('Yes, from 11:00.');
    await form.getByRole('textbox', { name: 'question in Norsk (bokmål)' }).fill('Er det lunsj?');
    await form.getByRole('button', { name: 'add', exact: true }).click();
    await page.getByText('successfully added', { exact: true }).first().waitFor();
    const added = list.getByRole('button', { name: /^Is there lunch\?/ });
    // Bokmål has the question but not the answer, nynorsk nothing: both are missing.
    await poll(() => added.innerText()).toContain('Missing: Norsk (bokmål), Norsk (nynorsk)');
    const moveId = admin.split('/').at(-1);
    const stored = (await (
      await fetch(`${stack.apiOrigin}/api/v1/moves/${moveId}/faq_questions`, { headers: { Authorization: `Bearer ${stack.tokens.staff}` } })
    ).json()) as { question: string; translations: object }[];
    expect(stored.find((q) => q.question === 'Is there lunch?')?.translations).toEqual({ no: { question: 'Er det lunsj?' } });

    await page.goto(`${webOrigin()}${admin}/contacts`);
    await page.getByRole('button', { name: 'add contact', exact: true }).click();
    const contact = page.getByRole('form', { name: 'add contact' });
    for (const language of ['English', 'Norsk (bokmål)', 'Norsk (nynorsk)']) await contact.getByRole('textbox', { name: `title in ${language}` }).waitFor();
    await poll(() =>
      page
        .getByRole('list', { name: 'contacts' })
        .getByRole('button', { name: /^Kari Nordmann/ })
        .innerText(),
    ).toContain('Missing: Norsk (nynorsk)');
    await expectAccessible(page, 'contact add form with a box per language');

    await page.goto(`${webOrigin()}${admin}/timeline`);
    await page.getByRole('heading', { name: 'Moving weekend', level: 2 }).waitFor();
    await page.getByText('Missing: Norsk (nynorsk)').first().waitFor();
    await page.getByRole('button', { name: 'edit event The movers arrive' }).click();
    const event = page.getByRole('form', { name: 'edit event The movers arrive' });
    await poll(() => event.getByRole('textbox', { name: 'event title in Norsk (bokmål)' }).inputValue()).toBe('Flyttebyrået kommer');
    await event.getByRole('textbox', { name: 'event title in Norsk (nynorsk)' }).fill('Flyttebyrået kjem');
    await event.getByRole('textbox', { name: 'description in Norsk (nynorsk)' }).waitFor();
    await expectAccessible(page, 'timeline event form with a box per language');
    await event.getByRole('button', { name: 'save event' }).click();
    await page.getByText('successfully saved event').waitFor();
    await page.getByRole('button', { name: 'edit event The movers arrive' }).click();
    await poll(() =>
      page.getByRole('form', { name: 'edit event The movers arrive' }).getByRole('textbox', { name: 'event title in Norsk (nynorsk)' }).inputValue(),
    ).toBe('Flyttebyrået kjem');
    await page.context().close();
  });
});
