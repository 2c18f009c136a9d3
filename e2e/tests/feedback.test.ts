import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CLIENT_A_ID as CLIENT_A } from '@movers/local/src/directory.ts';
import { allowConsoleErrors, expectAccessible, expectPath, launch, signIn, webOrigin } from '../support/browser.ts';
import { choose } from '../support/fluent.ts';
import { DEMO_LOCATION, DEMO_MOVE, demoMoveScreen } from '../support/demoMove.ts';

// The feedback inbox (issue 13): an External user of the client answers, mails and deletes. The test
// adds its own items to the demo move and deletes them again; the seeded ones stay as they are.

const INBOX = demoMoveScreen('feedback');
const tag = Date.now().toString(36);
const QUESTION = `Where do the crates go ${tag}?`;
const ERROR = `The plan shows the wrong floor ${tag}`;

let browser: Browser;
let page: Page;

async function ask(body: Record<string, unknown>): Promise<{ id: string; etag: string }> {
  const stack = inject('stack');
  const response = await fetch(`${stack.apiOrigin}/api/v1/moves/${DEMO_MOVE}/feedback`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${stack.tokens.staff}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(201);
  return response.json();
}

/** A change made by someone else, through the API as staff. */
async function elsewhere(method: 'PATCH' | 'DELETE', item: { id: string; etag: string }) {
  const stack = inject('stack');
  const response = await fetch(`${stack.apiOrigin}/api/v1/feedback/${item.id}`, {
    method,
    headers: { Authorization: `Bearer ${stack.tokens.staff}`, 'If-Match': item.etag, ...(method === 'PATCH' ? { 'Content-Type': 'application/json' } : {}) },
    body: method === 'PATCH' ? JSON.stringify({ status: 'answered', response: 'Answered in another tab.' }) : undefined,
  });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  return method === 'PATCH' ? ((await response.json()) as { id: string; etag: string }) : item;
}

beforeAll(async () => {
  await ask({ feedbackType: 'question', question: QUESTION, name: 'Eva Zz', email: `eva-${tag}@client-a.test` });
  await ask({ feedbackType: 'error', question: ERROR, name: 'Per Zz', phone: '+47 900 11 222' });
  browser = await launch();
  page = await signIn(browser, 'ext-a@client-a.test');
});
afterAll(async () => {
  await browser?.close();
});

const toggle = (name: string) => page.getByRole('group', { name: 'filters' }).getByRole('button', { name, exact: true });

describe('feedback inbox', () => {
  it('is reached from the move card, filters by type and status (a type clears the status), keeping the filter in the address', async () => {
    await page.goto(`${webOrigin()}/admin/clients/${CLIENT_A}/locations/${DEMO_LOCATION}`);
    await page.getByRole('region', { name: 'move service' }).getByRole('link', { name: 'feedback' }).click();
    await expectPath(page, INBOX);
    await expect.poll(() => page.getByRole('navigation', { name: 'breadcrumb' }).innerText()).toMatch(/feedback$/);
    await page.getByRole('cell', { name: QUESTION }).waitFor();

    await choose(page, 'type', 'error');
    await page.getByRole('cell', { name: ERROR }).waitFor();
    expect(await page.getByRole('cell', { name: QUESTION }).count()).toBe(0);
    await toggle('answered').click();
    await page
      .getByText('no feedback found')
      .or(page.getByRole('cell', { name: 'answered', exact: true }).first())
      .waitFor();
    expect(await page.getByRole('cell', { name: ERROR }).count()).toBe(0);
    expect(await toggle('answered').getAttribute('aria-pressed')).toBe('true');
    await choose(page, 'type', 'question');
    await expect.poll(() => toggle('answered').getAttribute('aria-pressed')).toBe('false');
    await page.getByRole('cell', { name: QUESTION }).waitFor();
    expect(new URL(page.url()).search).toBe('?type=question');
    await expectAccessible(page, 'feedback inbox');
  });

  it('answers by keyboard: save, then send email (recorded as mailed, one mail), then delete after confirmation', async () => {
    await page.goto(`${webOrigin()}${INBOX}?type=question`);
    const opener = page.getByRole('button', { name: 'open question from Eva Zz' });
    await opener.focus();
    await page.keyboard.press('Enter');
    await page.getByText(`Eva Zz · eva-${tag}@client-a.test`).waitFor();

    await page.getByRole('button', { name: 'save', exact: true }).click();
    await page.getByText('field is required').waitFor();
    await page.getByRole('textbox', { name: 'response' }).fill('In the loading bay on level -1.');
    await page.getByRole('button', { name: 'save', exact: true }).click();
    await page.getByText('successfully saved').waitFor();
    await page.getByText('not emailed', { exact: false }).waitFor();
    await expectAccessible(page, 'feedback row open');

    await page.getByRole('textbox', { name: 'response' }).fill('Label them with your new desk number.');
    await page.getByRole('button', { name: 'send email' }).click();
    await page.getByText('successfully sent email').waitFor();
    await page.getByText('sent by email', { exact: false }).waitFor();
    const mail = (await (await fetch(`${inject('stack').settings.GRAPH_BASE_URL}_local/mail`)).json()) as { to: string[]; body: string }[];
    expect(mail.filter((m) => m.to.includes(`eva-${tag}@client-a.test`))).toHaveLength(1);

    await page.getByRole('button', { name: 'delete', exact: true }).click();
    await page.getByText("This item will be deleted immediately. You can't undo this action").waitFor();
    await page.getByRole('alertdialog').getByRole('button', { name: 'delete', exact: true }).click();
    await page.getByText('successfully deleted').waitFor();
    await page.getByRole('cell', { name: QUESTION }).waitFor({ state: 'detached' });
  });

  it('says when an answer meets a change made elsewhere, and when the item is gone', async () => {
    allowConsoleErrors(/status of 41[02]|status of 404/);
    const question = `Is there a shuttle bus ${tag}?`;
    const item = await ask({ feedbackType: 'feedback', question, name: 'Ida Zz', email: `ida-${tag}@client-a.test` });
    await page.goto(`${webOrigin()}${INBOX}?type=feedback`);
    await page.getByRole('button', { name: 'open feedback from Ida Zz' }).click();
    const answered = await elsewhere('PATCH', item);
    await page.getByRole('textbox', { name: 'response' }).fill('Yes, from the old office at 8.');
    await page.getByRole('button', { name: 'save', exact: true }).click();
    await page.getByText('The answer could not be added').waitFor();
    await elsewhere('DELETE', answered);
    await page.getByRole('button', { name: 'delete', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'delete', exact: true }).click();
    await page.getByText('The feedback could not be deleted or fetched').waitFor();
  });

  it('cannot e-mail someone who left only a phone number; the test cleans up its error report', async () => {
    await page.goto(`${webOrigin()}${INBOX}?type=error`);
    await page.getByRole('button', { name: 'open error from Per Zz' }).click();
    expect(await page.getByRole('button', { name: 'send email' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'delete', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'delete', exact: true }).click();
    await page.getByText('successfully deleted').waitFor();
    await page.getByRole('cell', { name: ERROR }).waitFor({ state: 'detached' });
  });
});
