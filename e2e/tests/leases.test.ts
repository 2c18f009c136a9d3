import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, expectPath, launch, signIn, webOrigin } from '../support/browser.ts';
import { choose } from '../support/fluent.ts';
import { CLIENT_A_ID as CLIENT_A } from '@movers/local/src/directory.ts';

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

/** The clock is read once: a run that crosses midnight must type and expect the same days. */
const startedAt = Date.now();

/** DD.MM.YYYY of the day the file started (UTC) plus some days. */
function dotted(offsetDays: number): string {
  const d = new Date(startedAt + offsetDays * 86_400_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getUTCDate())}.${p(d.getUTCMonth() + 1)}.${d.getUTCFullYear()}`;
}

async function typeDate(scope: Page | Locator, label: string, value: string) {
  const field = scope.getByRole('textbox', { name: label });
  await field.fill(value);
  await field.press('Tab');
}

/** Fluent's checkbox hides its input under the label's icon: tick it by keyboard, as a person might. */
async function setChecked(box: Locator, checked: boolean) {
  if ((await box.isChecked()) === checked) return;
  await box.focus();
  await box.press('Space');
  await expect.poll(() => box.isChecked()).toBe(checked);
}

const leasesGrid = () => page.getByRole('grid', { name: 'leases' });

describe('lease form', () => {
  it('shows the leases section on the client dashboard with links to edit and reminders', async () => {
    await page.goto(`${webOrigin()}/admin/clients/${CLIENT_A}`);
    await page.getByRole('heading', { name: 'leases' }).waitFor();
    await leasesGrid().getByText('Bjørvika headquarters').waitFor();
    const row = leasesGrid().getByRole('row', { name: /Bjørvika headquarters/ });
    await expect.poll(() => row.locator('[data-automation-key="reminders"]').textContent()).toBe('3');
    await expect
      .poll(() => page.getByRole('link', { name: 'reminders of Bjørvika headquarters' }).getAttribute('href'))
      .toBe(`/admin/clients/${CLIENT_A}/${LEASE_A1}/reminders`);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'download calendar' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('Aurora-Shipping-AS-leases.ics');
    const { readFile } = await import('node:fs/promises');
    const ics = await readFile((await file.path())!, 'utf8');
    expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(ics).toContain('SUMMARY:Bjørvika headquarters: lease end');
    await expectAccessible(page, 'client dashboard with leases');
  });

  it('creates a lease after showing the validation errors, then edits it', async () => {
    await page.goto(`${webOrigin()}/admin/clients/${CLIENT_A}`);
    await page.getByRole('link', { name: 'create lease' }).click();
    await expectPath(page, `/admin/clients/${CLIENT_A}/create-lease`);
    const form = page.getByRole('form', { name: 'create lease' });
    await typeDate(form, 'lease end', dotted(-3));
    await form.getByRole('button', { name: 'create lease' }).click();
    await form.getByText('field is required').waitFor();
    await form.getByText('lease end cannot be before today').waitFor();
    await typeDate(form, 'lease start', dotted(10));
    await typeDate(form, 'lease end', dotted(5));
    await form.getByText('lease end cannot be before lease start').waitFor();
    await form.getByRole('spinbutton', { name: 'seats' }).fill('-4');
    await form.getByRole('spinbutton', { name: 'seats' }).press('Tab');
    await form.getByText('must not be negative').waitFor();
    await form.getByRole('spinbutton', { name: 'number of people' }).fill('12.5');
    await form.getByRole('spinbutton', { name: 'number of people' }).press('Tab');
    await form.getByText('must be a whole number').waitFor();
    await expectAccessible(page, 'create lease form with errors');

    await form.getByRole('textbox', { name: 'title' }).fill('Tjuvholmen annex');
    await setChecked(form.getByRole('checkbox', { name: 'office' }), true);
    await form.getByRole('combobox', { name: 'locations' }).click();
    const option = page.getByRole('option', { name: 'Aurora HQ Bjørvika' });
    await option.focus();
    await option.press('Space');
    await expect.poll(() => option.getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Escape');
    await typeDate(form, 'lease end', dotted(400));
    await form.getByRole('spinbutton', { name: 'seats' }).fill('42');
    await form.getByRole('spinbutton', { name: 'number of people' }).fill('12');
    await form.getByRole('spinbutton', { name: 'joint cost' }).fill('1500');
    await form.getByRole('textbox', { name: 'description' }).fill('Extra floor next to HQ');
    await expect.poll(() => form.getByRole('textbox', { name: 'description' }).getAttribute('rows')).toBe('7');
    await form.getByRole('button', { name: 'create lease' }).click();
    await page.getByText('successfully saved a lease').waitFor();
    await expectPath(page, `/admin/clients/${CLIENT_A}`);
    await leasesGrid().getByText('Tjuvholmen annex').waitFor();
    await expect
      .poll(() =>
        leasesGrid()
          .getByRole('row', { name: /Tjuvholmen annex/ })
          .textContent(),
      )
      .toContain(`${dotted(10)} – ${dotted(400)}`);

    await page.getByRole('link', { name: 'edit lease Tjuvholmen annex' }).click();
    const edit = page.getByRole('form', { name: 'edit lease' });
    await expect.poll(() => edit.getByRole('textbox', { name: 'title' }).inputValue()).toBe('Tjuvholmen annex');
    expect(await edit.getByRole('spinbutton', { name: 'seats' }).inputValue()).toBe('42');
    expect(await edit.getByRole('textbox', { name: 'lease start' }).inputValue()).toBe(dotted(10));
    expect(await edit.getByRole('checkbox', { name: 'office' }).isChecked()).toBe(true);
    await expectAccessible(page, 'edit lease form');
    await edit.getByRole('textbox', { name: 'title' }).fill('Tjuvholmen annex (2 floors)');
    await edit.getByRole('button', { name: 'update lease' }).click();
    await page.getByText('successfully updated lease').waitFor();
    await expectPath(page, `/admin/clients/${CLIENT_A}`);
    await leasesGrid().getByText('Tjuvholmen annex (2 floors)').waitFor();
  });
});

describe('reminders page', () => {
  const list = () => page.getByRole('list', { name: 'reminders' });
  const titles = async () => (await list().locator('li').allTextContents()).map((t) => t.replace(/[\uE000-\uF8FF]/g, ''));
  const has = async (title: string) => (await titles()).some((t) => t.includes(title));

  it('lists pending reminders by due date and filters all, done and past ones', async () => {
    await page.goto(`${webOrigin()}/admin/clients/${CLIENT_A}/${LEASE_A1}/reminders`);
    await page.getByRole('heading', { name: 'reminders for Bjørvika headquarters' }).waitFor();
    await list().waitFor();
    const pending = await titles();
    expect(pending).toHaveLength(2);
    expect(pending[0]).toContain('Check CPI adjustment');
    expect(pending[1]).toContain('Negotiate renewal terms');
    await expectAccessible(page, 'reminders page');
    await choose(page, 'show reminders', 'done');
    await expect.poll(titles).toHaveLength(1);
    expect(await has('Review parking contract')).toBe(true);
    await choose(page, 'show reminders', 'all');
    await expect.poll(titles).toHaveLength(3);
    expect((await titles())[0]).toContain('Review parking contract');
    await setChecked(page.getByRole('checkbox', { name: 'filter past reminders' }), true);
    await expect.poll(titles).toHaveLength(2);
    expect(await has('Review parking contract')).toBe(false);
    await setChecked(page.getByRole('checkbox', { name: 'filter past reminders' }), false);
    await choose(page, 'show reminders', 'pending');
  });

  it('adds a reminder after validation errors, marks it done, and deletes it after confirmation', async () => {
    await page.goto(`${webOrigin()}/admin/clients/${CLIENT_A}/${LEASE_A1}/reminders`);
    await list().waitFor();
    await page.getByRole('button', { name: 'add reminder' }).click();
    const add = page.getByRole('form', { name: 'add reminder' });
    await add.getByRole('button', { name: 'save reminder' }).click();
    await expect.poll(() => add.getByText('field is required').count()).toBe(3);
    await add.getByRole('textbox', { name: 'title' }).fill('Order movers');
    await add.getByRole('textbox', { name: 'description' }).fill('Get three quotes');
    await typeDate(add, 'due date', dotted(-2));
    await add.getByText('due date cannot be in the past').waitFor();
    expect(await add.getByRole('checkbox', { name: 'done' }).count()).toBe(0);
    await expectAccessible(page, 'add reminder form with errors');
    await typeDate(add, 'due date', dotted(7));
    await add.getByRole('button', { name: 'save reminder' }).click();
    await page.getByText('successfully added new lease reminder').waitFor();
    await expect.poll(async () => (await titles())[0] ?? '').toContain('Order movers');
    expect(await add.count()).toBe(0);

    await page.getByRole('button', { name: 'expand Order movers' }).click();
    const edit = page.getByRole('form', { name: 'edit Order movers' });
    await expect.poll(() => edit.getByRole('textbox', { name: 'done comment' }).getAttribute('rows')).toBe('4');
    await setChecked(edit.getByRole('checkbox', { name: 'done' }), true);
    await edit.getByRole('textbox', { name: 'done comment' }).fill('Booked Nordic Movers');
    await expectAccessible(page, 'edit reminder form');
    await edit.getByRole('button', { name: 'update reminder' }).click();
    await page.getByText('successfully updated reminder').waitFor();
    await expect.poll(() => has('Order movers')).toBe(false);
    await choose(page, 'show reminders', 'done');
    await expect.poll(() => has('Order movers')).toBe(true);

    await page.getByRole('button', { name: 'delete Order movers' }).click();
    // A blocking confirmation is an alert dialog.
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText("This item will be deleted immediately. You can't undo this action").waitFor();
    await expectAccessible(page, 'delete confirmation');
    await dialog.getByRole('button', { name: 'cancel' }).click();
    await expect.poll(() => page.getByRole('alertdialog').count()).toBe(0);
    expect(await has('Order movers')).toBe(true);
    await page.getByRole('button', { name: 'delete Order movers' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'delete' }).click();
    await page.getByText('successfully deleted reminder').waitFor();
    await expect.poll(() => has('Order movers')).toBe(false);
  });

  it('keeps External users out of lease screens and hides the leases section from them', async () => {
    const external = await signIn(browser, 'ext-a@client-a.test');
    await external.goto(`${webOrigin()}/admin/clients/${CLIENT_A}`);
    await external.getByRole('heading', { name: 'Aurora Shipping AS' }).waitFor();
    await external.getByRole('heading', { name: 'locations' }).waitFor();
    expect(await external.getByRole('heading', { name: 'leases' }).count()).toBe(0);
    await external.goto(`${webOrigin()}/admin/clients/${CLIENT_A}/${LEASE_A1}/reminders`);
    await external.getByText('restricted access').waitFor();
    await external.context().close();
  });
});
