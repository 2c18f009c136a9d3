import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MOVE_TEXT_MAX as TEXT_MAX } from '@movers/contracts';
import { CLIENT_A_ID as CLIENT_A } from '@movers/local/src/directory.ts';
import { allowConsoleErrors, expectAccessible, expectPath, launch, poll, signIn, webOrigin } from '../support/browser.ts';
import { DEMO_LOCATION, DEMO_MOVE } from '../support/demoMove.ts';

// A move's FAQ, contacts and details (issue 13): a client's External user keeps them, reordering by
// keyboard only. Every change is undone, so the seeded lists are left as they were found.

/** The demo move speaks bokmål by default and English too: each text a visitor reads has a box per language (issue 39). */
const NB = 'in Norsk (bokmål)';

const screenPath = (segment: string) => `/admin/clients/${CLIENT_A}/${DEMO_LOCATION}/${DEMO_MOVE}/${segment}`;

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launch();
  page = await signIn(browser, 'ext-a@client-a.test');
});
afterAll(async () => {
  await browser?.close();
});

interface Screen {
  /** The tile's text, the heading, the list's name. */
  name: string;
  segment: string;
  itemName: string;
  /** A seeded row's title, to know the list has loaded. */
  seeded: string;
  text: { added: string; updated: string; deleted: string; moved: string };
  /** Fills the add form for an item titled `title`. */
  fill: (form: ReturnType<Page['getByRole']>, title: string) => Promise<void>;
  /** What the invalid add shows, after `invalid` filled the form. */
  invalid?: { fill: (form: ReturnType<Page['getByRole']>) => Promise<void>; error: string };
  /** The row's title right after the add, when not the title typed ('click to expand'). */
  shownAfterAdd?: string;
  /** Changes the open row's form and says the title it then has. */
  change: (form: ReturnType<Page['getByRole']>, title: string) => Promise<string>;
}

const list = (name: string) => page.getByRole('list', { name });
/** Row titles, top to bottom (each row's delete button is named after it). */
const titles = async (name: string) =>
  (
    await list(name)
      .locator('button[aria-label^="delete "]')
      .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label')!))
  ).map((label) => label.slice('delete '.length));

async function open(screen: Screen) {
  await page.goto(`${webOrigin()}${screenPath(screen.segment)}`);
  await page.getByRole('heading', { name: screen.name, level: 1 }).waitFor();
  await list(screen.name)
    .getByRole('button', { name: `delete ${screen.seeded}` })
    .waitFor();
}

async function exercise(screen: Screen, extra?: (title: string) => Promise<void>) {
  const title = `Zz ${screen.itemName} ${Date.now()}`;
  // Reached from the location dashboard's move service card.
  await page.goto(`${webOrigin()}/admin/clients/${CLIENT_A}/locations/${DEMO_LOCATION}`);
  await page.getByRole('region', { name: 'move service' }).getByRole('link', { name: screen.name, exact: true }).click();
  await expectPath(page, screenPath(screen.segment));
  await list(screen.name)
    .getByRole('button', { name: `delete ${screen.seeded}` })
    .waitFor();
  await poll(() => page.getByRole('navigation', { name: 'breadcrumb' }).innerText()).toMatch(
    new RegExp(`Aurora Shipping AS\\W+Aurora HQ Bjørvika\\W+${screen.name}`),
  );
  const before = await titles(screen.name);
  await expectAccessible(page, `${screen.name} list`);

  // The add form opens and closes; an invalid one says why and sends nothing.
  const toggle = page.getByRole('button', { name: `add ${screen.itemName}`, exact: true });
  await toggle.click();
  expect(await toggle.getAttribute('aria-expanded')).toBe('true');
  const addForm = page.getByRole('form', { name: `add ${screen.itemName}` });
  if (screen.invalid) {
    await screen.invalid.fill(addForm);
    await addForm.getByRole('button', { name: 'add', exact: true }).click();
    await addForm.getByText(screen.invalid.error).first().waitFor();
  }
  await expectAccessible(page, `${screen.name} add form`);
  await screen.fill(addForm, title);
  await addForm.getByRole('button', { name: 'add', exact: true }).click();
  await page.getByText(screen.text.added, { exact: true }).waitFor();
  await poll(() => addForm.count()).toBe(0);
  const shown = screen.shownAfterAdd ?? title;
  await poll(() => titles(screen.name)).toEqual([...before, shown]);

  // Edit: the row opens into its form.
  const expand = list(screen.name).getByRole('button', { name: new RegExp(`^${shown}`) });
  await expand.click();
  expect(await expand.getAttribute('aria-expanded')).toBe('true');
  const editForm = page.getByRole('form', { name: `edit ${shown}` });
  const changed = await screen.change(editForm, title);
  await editForm.getByRole('button', { name: 'save' }).click();
  await page.getByText(screen.text.updated, { exact: true }).first().waitFor();
  await poll(() => titles(screen.name)).toEqual([...before, changed]);

  if (extra) await extra(changed);

  // Reorder by keyboard only: the last seeded row moves down past the new one, announced and kept.
  const last = before[before.length - 1]!;
  await list(screen.name)
    .getByRole('button', { name: `move down: ${last}` })
    .focus();
  await page.keyboard.press('Enter');
  const moved = [...before.slice(0, -1), changed, last];
  await poll(() => titles(screen.name)).toEqual(moved);
  await poll(() => page.locator('[aria-live="polite"]').allInnerTexts()).toContainEqual(
    `${last} moved to position ${before.length + 1} of ${before.length + 1}`,
  );
  await page.getByText(screen.text.moved, { exact: true }).waitFor();
  // The keyboard stays on the moved row (its move down is now disabled: focus is on its move up).
  expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`move up: ${last}`);
  await open(screen);
  await poll(() => titles(screen.name)).toEqual(moved);
  await expectAccessible(page, `${screen.name} after changes`);

  // Delete after confirming: the seeded rows are back in their order.
  await list(screen.name)
    .getByRole('button', { name: `delete ${changed}` })
    .click();
  const dialog = page.getByRole('alertdialog', { name: `delete ${screen.itemName}` });
  await dialog.getByText("This item will be deleted immediately. You can't undo this action").waitFor();
  await dialog.getByRole('button', { name: 'delete' }).click();
  await page.getByText(screen.text.deleted, { exact: true }).first().waitFor();
  await poll(() => titles(screen.name)).toEqual(before);
  await open(screen);
  await poll(() => titles(screen.name)).toEqual(before);
}

/**
 * The same contact open in two tabs: the second tab's save, after the first tab saved a change, is refused
 * (412) and says so, the form then shows the first tab's change, and that change is kept.
 */
async function savedInTwoTabs(title: string) {
  allowConsoleErrors(/status of 412/);
  const other = await page.context().newPage();
  await other.goto(`${webOrigin()}${screenPath('contacts')}`);
  const openRow = async (tab: Page) => {
    await tab
      .getByRole('list', { name: 'contacts' })
      .getByRole('button', { name: new RegExp(`^${title}`) })
      .click();
    return tab.getByRole('form', { name: `edit ${title}` });
  };
  const first = await openRow(other);
  const second = await openRow(page);
  await first.getByRole('textbox', { name: `title ${NB}` }).fill('Lobby');
  await first.getByRole('button', { name: 'save' }).click();
  await other.getByText('successfully updated contact', { exact: true }).waitFor();

  await second.getByRole('textbox', { name: 'phone' }).fill('+47 400 00 009');
  await second.getByRole('button', { name: 'save' }).click();
  await page.getByText('failed to update contact', { exact: true }).waitFor();
  await page.getByText('This item was changed by someone else. The form now shows their version: check it before you save again.').waitFor();
  await poll(() => second.getByRole('textbox', { name: `title ${NB}` }).inputValue()).toBe('Lobby');
  await expectAccessible(page, 'contact changed in another tab');
  await second.getByRole('button', { name: 'cancel' }).click();
  await other.reload();
  await poll(() =>
    other
      .getByRole('list', { name: 'contacts' })
      .getByRole('button', { name: new RegExp(`^${title}`) })
      .innerText(),
  ).toMatch(/Lobby[\s\S]*\+47 400 00 001/);
  await other.close();
}

describe("a move's FAQ, contacts and details", () => {
  it('keeps the page as wide as the window when a question is one 600-letter word, and breaks it', async () => {
    const stack = inject('stack');
    const word = 'Flyttekasse'.repeat(55).slice(0, 600);
    const made = await fetch(`${stack.apiOrigin}/api/v1/moves/${DEMO_MOVE}/faq_questions`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${stack.tokens.staff}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ question: word, answer: 'Yes.', published: false }),
    });
    expect(made.status, await made.clone().text()).toBe(201);
    const question = (await made.json()) as { id: string; etag: string };
    try {
      await page.goto(`${webOrigin()}${screenPath('FAQs')}`);
      await list('FAQs')
        .getByRole('button', { name: `delete ${word}` })
        .waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      // The form knows the server's maximum: typing stops there, and the count is shown near it.
      await page.getByRole('button', { name: 'add question', exact: true }).click();
      const field = page.getByRole('form', { name: 'add question' }).getByRole('textbox', { name: `question ${NB}` });
      await field.fill('x'.repeat(TEXT_MAX + 20));
      expect((await field.inputValue()).length).toBe(TEXT_MAX);
      await page.getByRole('form', { name: 'add question' }).getByText(`${TEXT_MAX}/${TEXT_MAX}`).waitFor();
    } finally {
      await fetch(`${stack.apiOrigin}/api/v1/faq_questions/${question.id}`, {
        method: 'DELETE',
        headers: { Authorization: `Bearer ${stack.tokens.staff}`, 'If-Match': question.etag },
      });
    }
  });

  it('FAQ: adds (unpublished), edits, publishes, reorders by keyboard and deletes a question', async () => {
    await exercise(
      {
        name: 'FAQs',
        segment: 'FAQs',
        itemName: 'question',
        seeded: 'Når kommer flyttebyrået?',
        text: { added: 'successfully added', updated: 'successfully updated faq', deleted: 'successfully deleted', moved: 'successfully rearranged' },
        invalid: { fill: async (form) => form.getByRole('textbox', { name: `question ${NB}` }).fill('Only a question?'), error: 'field is required' },
        fill: async (form, title) => {
          await form.getByRole('textbox', { name: `question ${NB}` }).fill(title);
          await form.getByRole('textbox', { name: `answer ${NB}` }).fill('On level -2.');
        },
        change: async (form, title) => {
          await form.getByRole('textbox', { name: `answer ${NB}` }).fill('');
          await form.getByRole('button', { name: 'save' }).click();
          await form.getByText('field is required').waitFor();
          await form.getByRole('textbox', { name: `answer ${NB}` }).fill('On level -3.');
          return title;
        },
      },
      async (title) => {
        const published = page.getByRole('switch', { name: `published: ${title}` });
        expect(await published.isChecked()).toBe(false);
        // The edit's toast says the same words and may still show: wait for the toggle's own save.
        const toggled = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/faq_questions/'));
        await published.click();
        expect((await toggled).status()).toBe(200);
        await page.getByText('successfully updated faq', { exact: true }).first().waitFor();
        await open({ name: 'FAQs', segment: 'FAQs', seeded: 'Når kommer flyttebyrået?' } as Screen);
        await poll(() => page.getByRole('switch', { name: `published: ${title}` }).isChecked()).toBe(true);
        // The seeded unpublished question is still unpublished.
        expect(await page.getByRole('switch', { name: 'published: Kan jeg ta med min egen stol?' }).isChecked()).toBe(false);
      },
    );
  });

  it('contacts: adds, edits, reorders by keyboard and deletes a contact; the row sums it up', async () => {
    await exercise(
      {
        name: 'contacts',
        segment: 'contacts',
        itemName: 'contact',
        seeded: 'Ingrid Hansen',
        text: {
          added: 'successfully added contact',
          updated: 'successfully updated contact',
          deleted: 'successfully removed contact',
          moved: 'successfully rearranged contacts',
        },
        invalid: { fill: async (form) => form.getByRole('textbox', { name: 'e-mail' }).fill('not-an-address'), error: 'field must be a valid email' },
        fill: async (form, title) => {
          await form.getByRole('textbox', { name: 'name' }).fill(title);
          await form.getByRole('textbox', { name: `title ${NB}` }).fill('Reception');
          await form.getByRole('textbox', { name: 'phone' }).fill('+47 400 00 001');
          await form.getByRole('textbox', { name: 'e-mail' }).fill('reception@client-a.test');
        },
        change: async (form, title) => {
          await form.getByRole('textbox', { name: `title ${NB}` }).fill('Front desk');
          await form.getByRole('textbox', { name: 'name' }).fill(`${title} B`);
          return `${title} B`;
        },
      },
      async (title) => {
        const row = list('contacts').getByRole('button', { name: new RegExp(`^${title}`) });
        await poll(() => row.innerText()).toMatch(/Front desk[\s\S]*\+47 400 00 001[\s\S]*reception@client-a\.test/);
        await savedInTwoTabs(title);
      },
    );
  });

  it("contacts: refuses 'ase@bad' and 'not a phone' in the form, saying why, and sends nothing (issue 39)", async () => {
    await open({ name: 'contacts', segment: 'contacts', seeded: 'Ingrid Hansen' } as Screen);
    const sent: string[] = [];
    page.on('request', (request) => request.method() === 'POST' && /\/contacts$/.test(request.url()) && sent.push(request.url()));
    await page.getByRole('button', { name: 'add contact', exact: true }).click();
    const form = page.getByRole('form', { name: 'add contact' });
    await form.getByRole('textbox', { name: 'name' }).fill('Åse Bad');
    await form.getByRole('textbox', { name: 'e-mail' }).fill('ase@bad');
    await form.getByRole('textbox', { name: 'phone' }).fill('not a phone');
    await form.getByRole('button', { name: 'add', exact: true }).click();
    await form.getByText('field must be a valid email').waitFor();
    await form.getByText('not a phone number: digits, spaces, +, - and parentheses, at least 5 digits').waitFor();
    await expectAccessible(page, 'contact form with a bad address and phone');
    expect(sent).toEqual([]);
    await page.getByRole('button', { name: 'add contact', exact: true }).click();
  });

  it("details: adds an untitled entry ('click to expand'), titles it, reorders by keyboard and deletes it", async () => {
    await exercise({
      name: 'details',
      segment: 'details',
      itemName: 'details',
      seeded: 'Adresse',
      shownAfterAdd: 'click to expand',
      text: {
        added: 'successfully added details',
        updated: 'successfully updated details',
        deleted: 'successfully removed details',
        moved: 'successfully rearranged details',
      },
      fill: async (form, title) => {
        await form.getByRole('textbox', { name: `description ${NB}` }).fill(title);
      },
      change: async (form, title) => {
        await form.getByRole('textbox', { name: `title ${NB}` }).fill(title);
        return title;
      },
    });
  });

  it('reorders contacts by dragging a row by its handle, and back with the keyboard', async () => {
    const screen = { name: 'contacts', segment: 'contacts', seeded: 'Ingrid Hansen' } as Screen;
    await open(screen);
    const before = await titles('contacts');
    const row = (title: string) => list('contacts').locator('li', { has: page.getByRole('button', { name: `delete ${title}` }) });
    await row(before[1]!)
      .locator('.ordered-drag-handle')
      .dragTo(row(before[0]!), { targetPosition: { x: 20, y: 5 } });
    const dragged = [before[1]!, before[0]!, ...before.slice(2)];
    await poll(() => titles('contacts')).toEqual(dragged);
    await page.getByText('successfully rearranged contacts', { exact: true }).first().waitFor();
    await open(screen);
    await poll(() => titles('contacts')).toEqual(dragged);
    await list('contacts')
      .getByRole('button', { name: `move down: ${before[1]}` })
      .focus();
    await page.keyboard.press('Enter');
    await poll(() => titles('contacts')).toEqual(before);
    await open(screen);
    await poll(() => titles('contacts')).toEqual(before);
  });

  it("says 'failed to add details' in the error colour when the add fails, and adds nothing", async () => {
    allowConsoleErrors(/status of 500/);
    await open({ name: 'details', segment: 'details', seeded: 'Adresse' } as Screen);
    const before = await titles('details');
    await page.route('**/v1/moves/*/details', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 500, json: { error: { code: 'internal', message: 'down' } } }) : route.fallback(),
    );
    try {
      await page.getByRole('button', { name: 'add details', exact: true }).click();
      const form = page.getByRole('form', { name: 'add details' });
      await form.getByRole('textbox', { name: `title ${NB}` }).fill('Zz never stored');
      await form.getByRole('button', { name: 'add', exact: true }).click();
      const toast = page.getByRole('status').locator('.ms-MessageBar', { hasText: 'failed to add details' });
      await toast.waitFor();
      expect(await toast.evaluate((bar) => bar.classList.contains('ms-MessageBar--error'))).toBe(true);
      await poll(() => titles('details')).toEqual(before);
    } finally {
      await page.unrouteAll();
    }
  });
});
