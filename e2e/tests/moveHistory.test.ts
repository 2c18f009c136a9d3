import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CLIENT_A_ID as CLIENT_A } from '@movers/local/src/directory.ts';
import { avatarPng } from '@movers/local/src/png.ts';
import { expectAccessible, expectPath, launch, poll, signIn, webOrigin } from '../support/browser.ts';
import { DEMO_LOCATION, DEMO_MOVE, demoMoveScreen } from '../support/demoMove.ts';
import { pressInDialog } from '../support/fluent.ts';

// History of a move's content (issue 37): a deleted FAQ item comes back from the move's recent changes in
// its place in the order; an FAQ item's edit form shows its History and restores an earlier answer. By
// keyboard, and every screen passes axe. What the tests make they delete again.

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launch();
  page = await signIn(browser, 'ext-a@client-a.test');
});
afterAll(async () => {
  await browser?.close();
});

/** The API as staff, for what the tests make and clean up. */
async function asStaff(method: string, path: string, body?: unknown, etag?: string) {
  const stack = inject('stack');
  const answer = await fetch(`${stack.apiOrigin}/api${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${stack.tokens.staff}`,
      ...(body ? { 'Content-Type': 'application/json' } : {}),
      ...(etag ? { 'If-Match': etag } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  expect(answer.status, await answer.clone().text()).toBeLessThan(300);
  return answer.status === 204 ? undefined : ((await answer.json()) as { id: string; etag: string });
}

const newQuestion = (question: string, answer: string) =>
  asStaff('POST', `/v1/moves/${DEMO_MOVE}/faq_questions`, { question, answer, published: false }) as Promise<{ id: string; etag: string }>;

async function removeQuestion(id: string) {
  const stack = inject('stack');
  const current = await fetch(`${stack.apiOrigin}/api/v1/faq_questions/${id}`, { headers: { Authorization: `Bearer ${stack.tokens.staff}` } });
  if (current.status !== 200) return;
  await asStaff('DELETE', `/v1/faq_questions/${id}`, undefined, ((await current.json()) as { etag: string }).etag);
}

/** A floor of the test's own on the demo move (unpublished, so the visitor site never shows it). */
async function newFloor(floorName: string) {
  const stack = inject('stack');
  const form = new FormData();
  for (const [k, v] of Object.entries({ floor_name: floorName, floor_size: 'small', published: 'false', isDefault: 'false' })) form.append(k, v);
  form.append('layout', new Blob([new Uint8Array(avatarPng(40, [9, 9, 9]))], { type: 'image/png' }), 'plan.png');
  const answer = await fetch(`${stack.apiOrigin}/api/v1/moves/${DEMO_MOVE}/layouts`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${stack.tokens.staff}` },
    body: form,
  });
  expect(answer.status, await answer.clone().text()).toBe(201);
  return (await answer.json()) as { id: string; etag: string };
}

/** Removes a person of the test's (if still there), then its floor with its spaces. */
async function removeSeating(personId: string | undefined, floorId: string) {
  const stack = inject('stack');
  const headers = { Authorization: `Bearer ${stack.tokens.staff}` };
  const people = (await (await fetch(`${stack.apiOrigin}/api/v1/moves/${DEMO_MOVE}/people`, { headers })).json()) as { id: string; etag: string }[];
  const person = people.find((p) => p.id === personId);
  if (person) await asStaff('DELETE', `/v1/marker-users/${person.id}`, undefined, person.etag);
  const floor = await fetch(`${stack.apiOrigin}/api/v1/layouts/${floorId}`, { headers });
  if (floor.status === 200) await asStaff('DELETE', `/v1/layouts/${floorId}`, undefined, ((await floor.json()) as { etag: string }).etag);
}

/** Anything shaped like one of the API's ids (a UUID, alone or in a compound id). */
const ID_LIKE = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

const faqList = () => page.getByRole('list', { name: 'FAQs' });
/** The FAQ rows' titles, top to bottom (each row's delete button is named after it). */
const titles = async () =>
  (
    await faqList()
      .locator('button[aria-label^="delete "]')
      .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label')!))
  ).map((label) => label.slice('delete '.length));

async function openFaqs(waitFor: string) {
  await page.goto(`${webOrigin()}${demoMoveScreen('FAQs')}`);
  await faqList()
    .getByRole('button', { name: `delete ${waitFor}` })
    .waitFor();
}

describe("a move's recent changes", () => {
  it('brings a deleted FAQ item back from the recent changes, in its place in the list', async () => {
    const stamp = Date.now();
    const names = [`History one ${stamp}`, `History two ${stamp}`, `History three ${stamp}`];
    const made = [];
    for (const name of names) made.push(await newQuestion(name, `About ${name}`));
    try {
      await openFaqs(names[2]);
      const before = await titles();
      expect(before.filter((t) => names.includes(t))).toEqual(names);

      // Delete the second, by keyboard, after confirming: the dialog says where it can be brought back from.
      await faqList()
        .getByRole('button', { name: `delete ${names[1]}` })
        .focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('alertdialog', { name: 'delete question' });
      await poll(() => dialog.innerText()).toContain(
        "This item will be deleted immediately. You can't undo this action. You can bring it back from the move's recent changes.",
      );
      await pressInDialog(page, dialog, 'delete');
      await poll(() => titles()).toEqual(before.filter((t) => t !== names[1]));

      // The recent changes are reached from the move service's tiles.
      await page.goto(`${webOrigin()}/admin/clients/${CLIENT_A}/locations/${DEMO_LOCATION}`);
      await page.getByRole('region', { name: 'move service' }).getByRole('link', { name: 'recent changes', exact: true }).click();
      await expectPath(page, demoMoveScreen('recent-changes'));
      await page.getByRole('heading', { name: 'recent changes', level: 1 }).waitFor();
      const changes = page.getByRole('region', { name: 'changes' });
      const bringBack = changes.getByRole('button', { name: `Bring back ${names[1]}` });
      await bringBack.waitFor();
      await poll(() => page.getByRole('navigation', { name: 'breadcrumb' }).innerText()).toMatch(/Aurora Shipping AS\W+Aurora HQ Bjørvika\W+recent changes/);
      await expectAccessible(page, "the move's recent changes");

      // Only the FAQ's changes, then bring the question back by keyboard.
      await page.getByRole('combobox', { name: 'what' }).click();
      await page.getByRole('option', { name: 'FAQs' }).click();
      await poll(() => changes.innerText()).not.toMatch(/timeline section|person '/);
      await bringBack.first().focus();
      await page.keyboard.press('Enter');
      const confirm = page.getByRole('alertdialog', { name: 'Bring it back?' });
      await pressInDialog(page, confirm, 'bring back');
      await page.getByText('Brought back', { exact: true }).first().waitFor();
      await poll(() => changes.innerText()).toMatch(new RegExp(`restored faq '${names[1]}'`));
      // It is back: no longer offered (a second press would answer 409), and the delete says so.
      await poll(() => bringBack.count()).toBe(0);
      const deleted = changes.locator('.history-entry', { hasText: `deleted faq '${names[1]}'` });
      await deleted.getByText('Back in place', { exact: true }).waitFor();
      await expectAccessible(page, 'recent changes after bringing back');
      // So too when the screen is opened again later.
      await page.reload();
      await deleted.getByText('Back in place', { exact: true }).waitFor();
      expect(await bringBack.count()).toBe(0);

      // The FAQ list has it in its place again.
      await openFaqs(names[1]);
      await poll(() => titles()).toEqual(before);
    } finally {
      for (const q of made) await removeQuestion(q.id);
    }
  });

  it('names a seat change by floor and space, each person by their name now, and shows no id and no change from nothing to nothing', async () => {
    const tag = Date.now().toString(36);
    const floor = await newFloor(`Hist ${tag}`);
    let personId: string | undefined;
    try {
      const space = (title: string, x: number) =>
        asStaff('POST', `/v1/layouts/${floor.id}/markers`, { marker_type: 'room', title, coordinates: { positionX: x, positionY: 20 } }) as Promise<{
          id: string;
        }>;
      const first = await space(`A${tag}`, 10);
      const second = await space(`B${tag}`, 40);
      const person = (await asStaff('POST', '/v1/marker-users', {
        name: `Seat Person ${tag}`,
        move_layout_marker_id: first.id,
        stickersCount: null,
        email: null,
      })) as { id: string; etag: string };
      personId = person.id;
      const moved = await asStaff(
        'PUT',
        `/v1/marker-users/${person.id}`,
        { name: `Seat Person ${tag}`, move_layout_marker_id: second.id, stickersCount: null },
        person.etag,
      );
      await asStaff(
        'PUT',
        `/v1/marker-users/${person.id}`,
        { name: `Seated Person ${tag}`, move_layout_marker_id: second.id, stickersCount: null },
        moved!.etag,
      );

      // The first space is removed since: the seat change names it as it was when it was removed.
      const stack = inject('stack');
      const stored = (await (
        await fetch(`${stack.apiOrigin}/api/v1/layouts/${floor.id}`, { headers: { Authorization: `Bearer ${stack.tokens.staff}` } })
      ).json()) as { markers: { id: string; etag: string }[] };
      await asStaff('DELETE', `/v1/markers/${first.id}`, undefined, stored.markers.find((m) => m.id === first.id)!.etag);

      await page.goto(`${webOrigin()}${demoMoveScreen('recent-changes')}`);
      await page.getByRole('heading', { name: 'recent changes', level: 1 }).waitFor();
      const changes = page.getByRole('region', { name: 'changes' });
      await poll(() => changes.innerText()).toContain(`seat: Floor Hist ${tag} · A${tag} (removed) → Floor Hist ${tag} · B${tag}`);
      const text = await changes.innerText();
      // The seat's change is named by the person's name now, with the name the change knew.
      expect(text).toContain(`person 'Seated Person ${tag}' (then 'Seat Person ${tag}')`);
      // A space made on the floor names its floor, not the floor's id.
      expect(text).toContain(`floor: — → Floor Hist ${tag}`);
      expect(text).not.toMatch(ID_LIKE);
      expect(text).not.toContain('— → —');
      expect(text).not.toMatch(/moveId/);
      await expectAccessible(page, 'recent changes with a seat change');
    } finally {
      await removeSeating(personId, floor.id);
    }
  });

  it("shows an FAQ item's History on its edit form and restores an earlier answer into the form", async () => {
    const name = `History answer ${Date.now()}`;
    const made = await newQuestion(name, 'Level -2');
    try {
      await asStaff('PUT', `/v1/faq_questions/${made.id}`, { question: name, answer: 'Level -3', published: false }, made.etag);
      await openFaqs(name);
      await faqList()
        .getByRole('button', { name: new RegExp(`^${name}`) })
        .click();
      const form = page.getByRole('form', { name: `edit ${name}` });
      const answer = form.getByRole('textbox', { name: /^answer/ }).first();
      await poll(() => answer.inputValue()).toBe('Level -3');
      const history = page.getByRole('region', { name: 'History', exact: true });
      await poll(() => history.innerText()).toMatch(/answer: Level -2 → Level -3/);
      await expectAccessible(page, "an FAQ item's History");

      await history.getByRole('button', { name: /^Restore the values from before this change/ }).focus();
      await page.keyboard.press('Enter');
      const confirm = page.getByRole('alertdialog', { name: 'Restore?' });
      await pressInDialog(page, confirm, 'restore');
      await page.getByText('Restored', { exact: true }).first().waitFor();
      // The form now shows the restored answer, and the History the restore.
      await poll(() =>
        form
          .getByRole('textbox', { name: /^answer/ })
          .first()
          .inputValue(),
      ).toBe('Level -2');
      await poll(() => history.innerText()).toMatch(/restored[\s\S]*answer: Level -3 → Level -2/);
      await expectAccessible(page, "an FAQ item's History after a restore");
    } finally {
      await removeQuestion(made.id);
    }
  });

  it("shows a timeline section's History on its edit form, and a page's on its edit screen", async () => {
    const title = `History section ${Date.now()}`;
    const section = (await asStaff('POST', `/v1/moves/${DEMO_MOVE}/timeline_sections`, { title, date: '2026-06-01' })) as { id: string; etag: string };
    let movePage: { id: string; etag: string } | undefined;
    try {
      await asStaff('PATCH', `/v1/timeline_sections/${section.id}`, { title: `${title} B` }, section.etag);
      await page.goto(`${webOrigin()}${demoMoveScreen('timeline')}`);
      await page.getByRole('button', { name: `edit section ${title} B` }).focus();
      await page.keyboard.press('Enter');
      const history = page.getByRole('region', { name: `History of ${title} B` });
      await poll(() => history.innerText()).toMatch(new RegExp(`title: ${title} → ${title} B`));
      await expectAccessible(page, "a timeline section's History");
      await history.getByRole('button', { name: /^Restore the values from before this change/ }).focus();
      await page.keyboard.press('Enter');
      await page.getByRole('alertdialog', { name: 'Restore?' }).getByRole('button', { name: 'restore' }).click();
      // The section and its form have their first title again.
      await page.getByRole('form', { name: `edit section ${title}` }).waitFor();

      // A page's edit screen has the page's History, its texts per language.
      movePage = (await asStaff('POST', `/v1/moves/${DEMO_MOVE}/pages`, {
        templateId: null,
        published: false,
        translations: ['en', 'no', 'nn', 'de', 'da', 'se'].map((locale) => ({ locale, title: `Parking ${title}`, content: '<p>Level -2</p>' })),
      })) as { id: string; etag: string };
      await page.goto(`${webOrigin()}/admin/clients/${CLIENT_A}/${DEMO_LOCATION}/${movePage.id}/edit`);
      const pageHistory = page.getByRole('region', { name: 'History', exact: true });
      await poll(() => pageHistory.innerText()).toMatch(/created/);
      await expectAccessible(page, "a page's History");
    } finally {
      const stack = inject('stack');
      const headers = { Authorization: `Bearer ${stack.tokens.staff}` };
      const current = await fetch(`${stack.apiOrigin}/api/v1/moves/${DEMO_MOVE}/timeline_sections`, { headers });
      const now = ((await current.json()) as { id: string; etag: string }[]).find((s) => s.id === section.id);
      if (now) await asStaff('DELETE', `/v1/timeline_sections/${section.id}`, undefined, now.etag);
      if (movePage) {
        const read = await fetch(`${stack.apiOrigin}/api/v1/pages/${movePage.id}`, { headers });
        if (read.status === 200) await asStaff('DELETE', `/v1/pages/${movePage.id}`, undefined, ((await read.json()) as { etag: string }).etag);
      }
    }
  });
});
