import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_A_ID as CLIENT_A } from '@movers/local/src/directory.ts';
import { expectAccessible, expectPath, launch, poll, signIn, webOrigin } from '../support/browser.ts';
import { typeChoice } from '../support/fluent.ts';

// Everyday mistakes on the shared form (web/src/common/forms/Form.tsx): one save per submission,
// cancel to the parent, asking before unsaved changes are lost, typed dates kept, errors after leaving.

const LEASE_A1 = `${CLIENT_A}_e0000000-0000-4000-8000-000000000001`;

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launch();
  page = await signIn(browser, 'staff@movers.test');
});
afterAll(async () => {
  await browser?.close();
});

/** Counts the requests of one method to a path ending while `act` runs and a little after. */
async function countRequests(method: string, pathEnd: string, act: () => Promise<void>) {
  let count = 0;
  const seen = (r: { method(): string; url(): string }) => {
    if (r.method() === method && new URL(r.url()).pathname.endsWith(pathEnd)) count += 1;
  };
  page.on('request', seen);
  await act();
  await page.waitForTimeout(500);
  page.off('request', seen);
  return count;
}

const menuLink = (name: string) => page.getByRole('navigation', { name: 'main menu' }).getByRole('link', { name });

describe('saving once', () => {
  it('sends one create however fast save is clicked', async () => {
    await page.goto(`${webOrigin()}/admin/clients/add-client`);
    await page.getByRole('textbox', { name: 'name' }).fill('Triple Click AS');
    await page.getByRole('textbox', { name: 'org number' }).fill('911 000 001');
    await typeChoice(page, 'country', 'Norw');
    const save = page.getByRole('button', { name: 'save' });
    const posts = await countRequests('POST', '/api/v1/clients', async () => {
      await save.click({ clickCount: 3, delay: 0 });
      await page.getByText('successfully saved client').waitFor();
    });
    expect(posts).toBe(1);
    await page.getByRole('heading', { name: 'Triple Click AS', level: 1 }).waitFor();
  });

  it('invites once on a double click and says only that it saved', async () => {
    await page.goto(`${webOrigin()}/admin/users/create`);
    await page.getByRole('textbox', { name: 'name' }).fill('Double Dora');
    await typeChoice(page, 'client', 'Aurora');
    await page.getByRole('textbox', { name: 'contact email' }).fill('dora@client-a.test');
    const posts = await countRequests('POST', '/users/invitation', async () => {
      await page.getByRole('button', { name: 'create user' }).dblclick();
      await page.getByText('successfully saved', { exact: true }).waitFor();
    });
    expect(posts).toBe(1);
    expect(await page.getByText('user with provided email already exists').count()).toBe(0);
  });

  it('warns that another client has the org number and asks before saving a second one', async () => {
    await page.goto(`${webOrigin()}/admin/clients/add-client`);
    await page.getByRole('textbox', { name: 'name' }).fill('Aurora Copy AS');
    await page.getByRole('textbox', { name: 'org number' }).fill('918273645');
    await page.getByRole('textbox', { name: 'org number' }).press('Tab');
    await page.getByText('Aurora Shipping AS already has the org number 918 273 645.').waitFor();
    await typeChoice(page, 'country', 'Norw');
    const posts = await countRequests('POST', '/api/v1/clients', async () => {
      await page.getByRole('button', { name: 'save' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'save a client with the same org number?' });
      await dialog.getByRole('button', { name: 'cancel' }).waitFor();
      await expectAccessible(page, 'duplicate org number question');
      await dialog.getByRole('button', { name: 'cancel' }).click();
    });
    expect(posts).toBe(0);
    const saved = await countRequests('POST', '/api/v1/clients', async () => {
      await page.getByRole('button', { name: 'save' }).click();
      await page.getByRole('button', { name: 'save anyway' }).click();
      await page.getByText('successfully saved client').waitFor();
    });
    expect(saved).toBe(1);
    await page.getByRole('heading', { name: 'Aurora Copy AS', level: 1 }).waitFor();
    // Editing a client that keeps its own number is not asked about again.
    await page.getByRole('link', { name: 'edit client' }).click();
    await poll(() => page.getByRole('textbox', { name: 'name' }).inputValue()).toBe('Aurora Copy AS');
    expect(await page.getByText('already has the org number').count()).toBe(0);
    await page.getByRole('button', { name: 'save' }).click();
    await page.getByText('successfully saved client').waitFor();
  });
});

describe('leaving a form', () => {
  it('cancels to the parent screen even when the form was opened on its own', async () => {
    // A new tab of the same signed-in browser, where there is no history to go back to.
    const fresh = await page.context().newPage();
    await fresh.goto(`${webOrigin()}/admin/clients/add-client`);
    await fresh.getByRole('button', { name: 'cancel' }).click();
    await expectPath(fresh, '/admin/clients');
    await fresh.goto(`${webOrigin()}/admin/clients/${CLIENT_A}/create-location`);
    await fresh.getByRole('button', { name: 'cancel' }).click();
    await expectPath(fresh, `/admin/clients/${CLIENT_A}`);
    await fresh.close();
  });

  it('asks before leaving a changed form, stays on it when told to, and leaves an unchanged one at once', async () => {
    await page.goto(`${webOrigin()}/admin/clients/add-client`);
    await menuLink('locations').click();
    await expectPath(page, '/admin/locations');

    await page.goto(`${webOrigin()}/admin/clients`);
    await page.getByRole('link', { name: 'add client' }).click();
    // The list has a 'name' filter too: type only once the form is there.
    await page.getByRole('heading', { name: 'add client' }).waitFor();
    await page.getByRole('textbox', { name: 'name' }).fill('Half Typed AS');
    await menuLink('locations').click();
    const question = page.getByRole('alertdialog', { name: 'leave without saving?' });
    await question.getByRole('button', { name: 'leave' }).waitFor();
    await expectAccessible(page, 'unsaved changes question');
    await question.getByRole('button', { name: 'cancel' }).click();
    await expectPath(page, '/admin/clients/add-client');
    expect(await page.getByRole('textbox', { name: 'name' }).inputValue()).toBe('Half Typed AS');

    // Back is asked about too.
    await page.goBack();
    await question.getByRole('button', { name: 'leave' }).waitFor();
    await question.getByRole('button', { name: 'leave' }).click();
    await expectPath(page, '/admin/clients');
  });
});

describe('dates and errors', () => {
  it("keeps an impossible date as typed and says 'Invalid date'; the calendar picks a day by keyboard", async () => {
    await page.goto(`${webOrigin()}/admin/clients/${CLIENT_A}/create-lease`);
    const start = page.getByRole('textbox', { name: 'lease start' });
    await start.fill('31.13.2027');
    await start.press('Tab');
    await page.getByText('Invalid date').waitFor();
    expect(await start.inputValue()).toBe('31.13.2027');

    await page.getByRole('button', { name: 'choose lease start from a calendar' }).click();
    await page.getByRole('dialog', { name: 'lease start calendar' }).waitFor();
    await expectAccessible(page, 'day field calendar');
    await page.keyboard.press('Enter');
    const today = new Date();
    const p = (n: number) => String(n).padStart(2, '0');
    await poll(() => start.inputValue()).toBe(`${p(today.getDate())}.${p(today.getMonth() + 1)}.${today.getFullYear()}`);
    expect(await page.getByText('Invalid date').count()).toBe(0);
  });

  it('shows a field is required only after the field was left or on save', async () => {
    await page.goto(`${webOrigin()}/admin/clients/${CLIENT_A}/${LEASE_A1}/reminders`);
    await page.getByRole('button', { name: 'add reminder' }).click();
    const add = page.getByRole('form', { name: 'add reminder' });
    await add.getByRole('textbox', { name: 'title' }).waitFor();
    await page.waitForTimeout(300);
    expect(await add.getByText('field is required').count()).toBe(0);
    await add.getByRole('textbox', { name: 'due date' }).focus();
    await add.getByRole('textbox', { name: 'due date' }).press('Tab');
    await poll(() => add.getByText('field is required').count()).toBe(1);
  });
});
