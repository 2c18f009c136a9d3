import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible, launch, poll, signIn, webOrigin } from '../support/browser.ts';

// Issue 37 on the client's edit screen: its History (each save with before → after, by whom), and a
// field restored from it, which the form then shows, on a client of its own.

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await launch();
  page = await signIn(browser, 'staff@movers.test');
});
afterAll(async () => {
  await browser?.close();
});

async function newClient() {
  const stack = inject('stack');
  const body = { name: `History Oy ${Date.now().toString(36)}`, orgNumber: '3700001-1', countryId: 'FI', active: true };
  const response = await fetch(`${stack.apiOrigin}/api/v1/clients`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${stack.tokens.super}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(201);
  return { ...body, id: ((await response.json()) as { id: string }).id };
}

const name = () => page.getByRole('textbox', { name: 'name' });
const orgNumber = () => page.getByRole('textbox', { name: 'org number' });

/** Opens the client's edit screen, types the values and saves (which goes to the client's dashboard). */
async function edit(clientId: string, values: { name?: string; orgNumber?: string }, expectedName: string) {
  await page.goto(`${webOrigin()}/admin/clients/${clientId}/edit`);
  await poll(() => name().inputValue()).toBe(expectedName);
  if (values.name !== undefined) await name().fill(values.name);
  if (values.orgNumber !== undefined) await orgNumber().fill(values.orgNumber);
  await page.getByRole('button', { name: 'save' }).click();
  await page.getByText('successfully saved client').last().waitFor();
  await page.getByRole('heading', { name: values.name ?? expectedName, level: 1 }).waitFor();
}

describe("a client's history", () => {
  it('shows two edits with before → after by who made them, restores a field, and the form shows it', async () => {
    const client = await newClient();
    await edit(client.id, { name: `${client.name} AB` }, client.name);
    await edit(client.id, { name: `${client.name} Group`, orgNumber: '3700002-2' }, `${client.name} AB`);

    await page.goto(`${webOrigin()}/admin/clients/${client.id}/edit`);
    await poll(() => name().inputValue()).toBe(`${client.name} Group`);
    const history = page.getByRole('region', { name: 'History' });
    const entries = history.locator('.history-entry');
    const latest = entries.filter({ hasText: `name: ${client.name} AB → ${client.name} Group` });
    await latest.waitFor();
    await latest.getByText('org number: 3700001-1 → 3700002-2').waitFor();
    await entries.filter({ hasText: `name: ${client.name} → ${client.name} AB` }).waitFor();
    expect(await latest.locator('p').first().innerText()).toMatch(/^Stian Staff · \d{2}:\d{2} · changed/);
    // Newest first, the create last (by the super user who made it through the API).
    await poll(() => entries.count()).toBe(3);
    expect(await entries.last().innerText()).toMatch(/created/);
    await expectAccessible(page, "a client's edit screen with its history");

    // The org number alone, from the later edit: the name stays as it is now.
    await latest.locator('.history-change', { hasText: 'org number' }).getByText('Restore this field').click();
    const confirm = page.getByRole('alertdialog', { name: 'Restore?' });
    await confirm.getByRole('button', { name: 'restore' }).click();
    await confirm.waitFor({ state: 'detached' });
    await poll(() => orgNumber().inputValue()).toBe('3700001-1');
    expect(await name().inputValue()).toBe(`${client.name} Group`);
    await entries.filter({ hasText: 'restored' }).filter({ hasText: 'org number: 3700002-2 → 3700001-1' }).waitFor();

    // The form holds the restored client's ETag: a save after the restore is no conflict.
    await name().fill(`${client.name} Holding`);
    await page.getByRole('button', { name: 'save' }).click();
    await page.getByRole('heading', { name: `${client.name} Holding`, level: 1 }).waitFor();
    const stack = inject('stack');
    const stored = await (await fetch(`${stack.apiOrigin}/api/v1/clients/${client.id}`, { headers: { Authorization: `Bearer ${stack.tokens.staff}` } })).json();
    expect(stored).toMatchObject({ name: `${client.name} Holding`, orgNumber: '3700001-1' });
  });
});
