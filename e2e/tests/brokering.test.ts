import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowConsoleErrors, expectAccessible, expectPath, launch, signIn, webOrigin } from '../support/browser.ts';
import { CLIENT_A_ID as CLIENT_A } from '@movers/local/src/directory.ts';
import { pickPeople } from '../support/fluent.ts';

const WITH_DOCUMENTS = `${CLIENT_A}_b0000000-0000-4000-8000-000000000001`;
const WITHOUT_FOLDER = `${CLIENT_A}_b0000000-0000-4000-8000-000000000002`;
const RESTRICTED = `${CLIENT_A}_b0000000-0000-4000-8000-000000000003`;
const dashboard = (id: string) => `/admin/clients/${CLIENT_A}/${id}/brokering-dashboard`;

let browser: Browser;
let page: Page;
let popups = 0;

beforeAll(async () => {
  browser = await launch();
  page = await signIn(browser, 'staff@movers.test');
  page.on('popup', () => (popups += 1));
});
afterAll(async () => {
  await browser?.close();
});

describe('brokering projects', () => {
  it('lists projects on the client dashboard and creates one after showing the validation messages', async () => {
    // The new project has no folder in the document store yet: the spec's answer is a 404.
    allowConsoleErrors(/status of 404 .*\/documents\)$/);
    await page.goto(`${webOrigin()}/admin/clients/${CLIENT_A}`);
    const section = page.getByRole('region', { name: 'brokering projects' });
    await section.getByRole('link', { name: 'Aurora HQ relocation' }).waitFor();
    await section.getByRole('link', { name: 'create brokering project' }).click();
    await expectPath(page, `/admin/clients/${CLIENT_A}/create-brokering`);
    await page.getByRole('heading', { name: 'general information' }).waitFor();
    await expect.poll(() => page.getByRole('navigation', { name: 'breadcrumb' }).innerText()).toMatch(/Aurora Shipping AS[\s\S]*create brokering project/);
    await page.getByRole('button', { name: 'save' }).click();
    await page.getByText('field is required').first().waitFor();
    await page.getByText('minimum amount is 1').waitFor();
    await expectAccessible(page, 'create brokering project with errors');

    await page.getByRole('textbox', { name: 'project name' }).fill('Aurora parking tender');
    await pickPeople(page, 'main client contact', 'Anna External');
    await pickPeople(page, 'project manager', 'Ingrid Hansen');
    await pickPeople(page, 'team members', 'Ingrid Hansen', 'Lars Berg');
    await page.getByRole('textbox', { name: 'document prefix' }).fill('Brokering');
    await page.getByRole('textbox', { name: 'document project id' }).fill('P-3001');
    await page.getByRole('button', { name: 'save' }).click();
    await page.getByText('successfully saved brokering project').waitFor();
    await expectPath(page, `/admin/clients/${CLIENT_A}`);
    await page.getByRole('region', { name: 'brokering projects' }).getByRole('link', { name: 'Aurora parking tender' }).click();
    await page.getByRole('heading', { name: 'Aurora parking tender', level: 1 }).waitFor();
    await expect.poll(() => page.getByRole('region', { name: 'general information' }).innerText()).toMatch(/Ingrid Hansen[\s\S]*Lars Berg/);
  });

  it('edits a project and returns to its dashboard', async () => {
    // The spec's answer for a project without a folder in the document store is a 404.
    allowConsoleErrors(/status of 404 .*\/documents\)$/);
    await page.goto(`${webOrigin()}/admin/clients/${CLIENT_A}/${WITHOUT_FOLDER}/edit`);
    await page.getByRole('heading', { name: 'edit Aurora Bergen lease search' }).waitFor();
    await page.getByRole('textbox', { name: 'project name' }).fill('Aurora Bergen lease search 2026');
    await expectAccessible(page, 'edit brokering project');
    await page.getByRole('button', { name: 'save' }).click();
    await page.getByText('successfully saved brokering project').waitFor();
    await expectPath(page, dashboard(WITHOUT_FOLDER));
    await page.getByRole('heading', { name: 'Aurora Bergen lease search 2026', level: 1 }).waitFor();
    // Its folder does not exist in the document store.
    await page.getByText('no documents for this brokering project').waitFor();
  });

  it('shows the dashboard: people with e-mail, a document tree that expands and collapses, and the timeline', async () => {
    popups = 0;
    await page.goto(`${webOrigin()}${dashboard(WITH_DOCUMENTS)}`);
    await page.getByRole('heading', { name: 'Aurora HQ relocation', level: 1 }).waitFor();
    const general = page.getByRole('region', { name: 'general information' });
    await expect.poll(() => general.innerText()).toMatch(/Anna External · ext-a@client-a\.test[\s\S]*Stian Staff · staff@movers\.test/);
    await general.getByRole('link', { name: 'edit brokering project' }).waitFor();

    const documents = page.getByRole('region', { name: 'documents' });
    await documents.getByRole('tree', { name: 'Contracts' }).waitFor();
    // The document-store token came from MSAL silently: no popup was needed.
    expect(popups).toBe(0);
    const appendix = page.getByRole('treeitem', { name: 'Appendix' });
    expect(await appendix.getAttribute('aria-expanded')).toBe('false');
    const plan = page.getByRole('treeitem', { name: /Floor plan level 3\.pdf/ });
    expect(await plan.count()).toBe(0);
    await appendix.click();
    await expect.poll(() => appendix.getAttribute('aria-expanded')).toBe('true');
    expect(await plan.getAttribute('target')).toBe('_blank');
    expect(await plan.getAttribute('rel')).toContain('noopener');
    expect(await plan.getAttribute('href')).toContain('/sites/brokering/');

    const drawings = page.getByRole('treeitem', { name: 'Drawings' });
    const section = page.getByRole('treeitem', { name: /Section A-A\.pdf/ });
    await drawings.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => drawings.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? '')).toContain('Section A-A.pdf');
    await page.keyboard.press('ArrowLeft'); // to the parent folder
    await page.keyboard.press('ArrowLeft'); // collapse it
    await expect.poll(() => drawings.getAttribute('aria-expanded')).toBe('false');
    expect(await section.count()).toBe(0);
    await page.keyboard.press(' ');
    await expect.poll(() => drawings.getAttribute('aria-expanded')).toBe('true');
    await section.waitFor();

    const timeline = page.getByRole('region', { name: 'timeline' });
    await expect.poll(() => timeline.innerText()).toMatch(/Search and shortlist[\s\S]*3–7 February 2026: Viewings/);
    await expectAccessible(page, 'brokering dashboard');
    await timeline.getByRole('link', { name: 'edit timeline' }).click();
    await expectPath(page, `/admin/clients/${CLIENT_A}/${WITH_DOCUMENTS}/timeline`);
  });

  it('edits the timeline: add a section and an event, edit the event, delete both after confirmation', async () => {
    await page.goto(`${webOrigin()}/admin/clients/${CLIENT_A}/${WITHOUT_FOLDER}/timeline`);
    await expect.poll(() => page.getByRole('navigation', { name: 'breadcrumb' }).innerText()).toMatch(/brokering timeline$/);
    await page.getByText('No items to show').waitFor();
    await page.getByRole('button', { name: 'add section' }).click();
    await page.getByRole('button', { name: 'save section' }).click();
    await expect.poll(() => page.getByText('field is required').count()).toBe(2);
    await page.getByRole('textbox', { name: 'section title' }).fill('Viewings');
    await page.getByRole('textbox', { name: 'section date' }).fill('31.02.2026');
    await page.getByRole('button', { name: 'save section' }).click();
    await page.getByText('invalid date').waitFor();
    await page.getByRole('textbox', { name: 'section date' }).fill('02.03.2026');
    await page.getByRole('button', { name: 'save section' }).click();
    await page.getByText('successfully saved section').waitFor();
    await page.getByRole('heading', { name: 'Viewings', level: 2 }).waitFor();
    await page.getByText('2 March 2026').waitFor();

    await page.getByRole('button', { name: 'add event to Viewings' }).click();
    await page.getByRole('textbox', { name: 'event title' }).fill('Site visits');
    await page.getByRole('textbox', { name: 'start date' }).fill('03.03.2026');
    await page.getByRole('textbox', { name: 'end date' }).fill('03.03.2026');
    await page.getByRole('button', { name: 'save event' }).click();
    await page.getByText('end date must be at least one day after the start date').waitFor();
    await page.getByRole('textbox', { name: 'end date' }).fill('07.03.2026');
    await expectAccessible(page, 'timeline with event form');
    await page.getByRole('button', { name: 'save event' }).click();
    await page.getByText('3–7 March 2026: Site visits').waitFor();

    await page.getByRole('button', { name: 'edit event Site visits' }).click();
    await page.getByRole('textbox', { name: 'event title' }).fill('Site visits with client');
    await page.getByRole('textbox', { name: 'end date' }).fill('');
    await page.getByRole('button', { name: 'save event' }).click();
    await page.getByText('3 March 2026: Site visits with client').waitFor();

    // An open-ended event starting today is current: shown in bold.
    const now = new Date();
    const today = `${String(now.getDate()).padStart(2, '0')}.${String(now.getMonth() + 1).padStart(2, '0')}.${now.getFullYear()}`;
    await page.getByRole('button', { name: 'add event to Viewings' }).click();
    await page.getByRole('textbox', { name: 'event title' }).fill('Status meeting');
    await page.getByRole('textbox', { name: 'start date' }).fill(today);
    await page.getByRole('button', { name: 'save event' }).click();
    const current = page.getByText(/: Status meeting$/);
    await current.waitFor();
    expect(await current.evaluate((el) => getComputedStyle(el).fontWeight)).toBe('700');
    expect(await page.getByText(/: Site visits with client$/).evaluate((el) => getComputedStyle(el).fontWeight)).toBe('400');

    await page.getByRole('button', { name: 'delete event Site visits with client' }).click();
    await page.getByText("This item will be deleted immediately. You can't undo this action").waitFor();
    await page.getByRole('button', { name: 'delete', exact: true }).click();
    await page.getByText('successfully deleted').waitFor();
    await expect.poll(() => page.getByText('Site visits with client').count()).toBe(0);

    await page.getByRole('button', { name: 'delete section Viewings' }).click();
    await page.getByRole('button', { name: 'cancel' }).click();
    await page.getByRole('heading', { name: 'Viewings', level: 2 }).waitFor();
    await page.getByRole('button', { name: 'delete section Viewings' }).click();
    await page.getByRole('button', { name: 'delete', exact: true }).click();
    await page.getByText('No items to show').waitFor();
    await expectAccessible(page, 'brokering timeline');
  });
});

describe('brokering for an External user', () => {
  let ext: Page;
  beforeAll(async () => {
    ext = await signIn(browser, 'ext-a@client-a.test');
  });

  it('sees the project without edit links, and is told when the store refuses the documents', async () => {
    allowConsoleErrors(/status of 403 .*\/documents\)$/);
    await ext.goto(`${webOrigin()}${dashboard(WITH_DOCUMENTS)}`);
    await ext.getByRole('tree', { name: 'Contracts' }).waitFor();
    expect(await ext.getByRole('link', { name: 'edit brokering project' }).count()).toBe(0);
    expect(await ext.getByRole('link', { name: 'open timeline' }).count()).toBe(1);
    await ext.getByRole('link', { name: 'open timeline' }).click();
    await ext.getByText('Kick-off meeting', { exact: false }).waitFor();
    expect(await ext.getByRole('button', { name: 'add section' }).count()).toBe(0);
    expect(await ext.getByRole('button', { name: /^edit section/ }).count()).toBe(0);
    await ext.goto(`${webOrigin()}${dashboard(RESTRICTED)}`);
    await ext.getByText("you're not allowed to access the documents. contact the administrator to grant you access").waitFor();
    await expectAccessible(ext, 'brokering dashboard, documents refused');
    await ext.goto(`${webOrigin()}/admin/clients/${CLIENT_A}/${WITH_DOCUMENTS}/edit`);
    await ext.getByText('restricted access').waitFor();
  });
});

describe("the document store's permission, asked when documents are first shown", () => {
  it('signs in without it, asks with a button (no window opened by itself), then shows the tree, and silently after that', async () => {
    // Lars has signed in nowhere with the document store's scope. The provider refuses the silent refresh
    // for it (400 invalid_grant, consent_required, as Entra does), and the browser logs that 400.
    allowConsoleErrors(/status of 400 .*\/v2\.0\/token/);
    const lars = await signIn(browser, 'lars.berg@movers.test');
    let opened = 0;
    lars.on('popup', () => (opened += 1));
    await lars.goto(`${webOrigin()}${dashboard(WITH_DOCUMENTS)}`);
    const documents = lars.getByRole('region', { name: 'documents' });
    await documents.getByText('Showing the documents needs your permission to read the document store, once.').waitFor();
    expect(opened).toBe(0);
    await expectAccessible(lars, 'brokering dashboard, document store permission needed');

    // The local provider consents for the user in the window, as Entra does for a user allowed to consent.
    const consent = lars.waitForEvent('popup');
    await documents.getByRole('button', { name: 'allow access to documents' }).click();
    await (await consent).waitForEvent('close');
    await documents.getByRole('tree', { name: 'Contracts' }).waitFor();

    opened = 0;
    await lars.reload();
    await documents.getByRole('tree', { name: 'Contracts' }).waitFor();
    expect(opened).toBe(0);
    await lars.context().close();
  });
});
