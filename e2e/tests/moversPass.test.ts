import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_A_ID as CLIENT_A } from '@movers/local/src/directory.ts';
import { seededPerson } from '@movers/local/src/seedPlanner.ts';
import { allowConsoleErrors, expectAccessible, expectPath, launch, newPage, poll, signIn, webOrigin } from '../support/browser.ts';

// Issue 27: a movers' pass of the demo move opens its floor plans on a phone without the password, shows
// nothing else of the site, and stops at once when staff revoke it. Ends with the demo move's pass revoked.
const DEMO = 'aurora-hq';
const LOCATION_A1 = 'l0000000-0000-4000-8000-000000000101';
const PHONE = { width: 390, height: 844 };
const INGRID = seededPerson(5);

let browser: Browser;
let staff: Page;
// The staff's device is far from the move (Oslo): the pass's end is on the move's clock all the same (issue 55).
const DEVICE_ZONE = 'Pacific/Auckland';
const longDay = (day: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00Z`));
beforeAll(async () => {
  browser = await launch();
  staff = await signIn(browser, 'staff@movers.test', { page: await newPage(browser, undefined, { timezoneId: DEVICE_ZONE }) });
});
afterAll(async () => {
  await browser?.close();
});

const passCard = () => staff.getByRole('region', { name: "movers' pass" });

describe("a movers' pass", () => {
  let link = '';
  let phone: Page;

  it('is made by staff on the location dashboard, with its link and QR code', async () => {
    await staff.goto(`${webOrigin()}/admin/clients/${CLIENT_A}/locations/${LOCATION_A1}`);
    await passCard().getByText("This move has no movers' pass.").waitFor();
    const lastDay = await passCard().getByLabel('last day').inputValue();
    expect(lastDay).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await passCard().getByRole('button', { name: "create movers' pass" }).click();
    await staff.getByText("movers' pass created").waitFor();
    link = await passCard().getByLabel('link').inputValue();
    expect(link).toMatch(new RegExp(`^${webOrigin()}/${DEMO}/pass#[A-Za-z0-9_-]{43}$`));
    await passCard().getByRole('img', { name: "QR code of the movers' pass link" }).waitFor();
    // The end of its last day on the move's clock, the zone said once, whatever the device's zone.
    await passCard()
      .getByText(`Valid until ${longDay(lastDay)} 23:59.`, { exact: true })
      .waitFor();
    expect(await passCard().getByText('Times are in the move’s time zone: Europe/Oslo.', { exact: true }).count()).toBe(1);
    await expectAccessible(staff, "location dashboard with a movers' pass");
  });

  it('opens the floor plans on a phone without the password, and nothing else of the site', async () => {
    phone = await newPage(browser, PHONE);
    await phone.goto(link);
    await expectPath(phone, `/${DEMO}/floorplan`);
    await phone.getByRole('heading', { name: 'Plantegning', level: 1 }).waitFor();
    await phone.getByText('Flyttepass', { exact: true }).waitFor();
    // The token left the address bar; the menu has the floor plan only.
    expect(phone.url()).not.toContain('#');
    const menu = phone.getByRole('navigation', { name: 'Hovedmeny' });
    expect(await menu.getByRole('link').allTextContents()).toEqual(['Plantegning']);
    await expectAccessible(phone, "floor plan by a movers' pass (phone)");

    // A label's seat link opens the seat; any other page of the site opens the floor plans instead.
    await phone.goto(`${webOrigin()}/${DEMO}/seat/${INGRID}`);
    await phone.getByRole('heading', { name: 'Etasje 3', level: 2 }).waitFor();
    await phone.getByRole('button', { name: /^Rom 301: .*Ingrid Hansen/ }).waitFor();
    for (const page of ['faq', 'contact', 'timeline', '']) {
      await phone.goto(`${webOrigin()}/${DEMO}/${page}`);
      await expectPath(phone, `/${DEMO}/floorplan`);
    }
  });

  it('stops at once when staff revoke it, also on the phone already using it', async () => {
    // The phone's calls with the revoked pass are refused: that is the point.
    allowConsoleErrors(/status of 401 .*\/visit\/aurora-hq\/(floors|session)\)$/);
    await passCard().getByRole('button', { name: 'revoke' }).click();
    const dialog = staff.getByRole('alertdialog', { name: "Revoke the movers' pass?" });
    await dialog.getByText('The current link stops working at once').waitFor();
    await dialog.getByRole('button', { name: 'revoke' }).click();
    await staff.getByText("movers' pass revoked").waitFor();
    await passCard().getByText("This move has no movers' pass.").waitFor();

    await phone.reload();
    await phone.getByText('Dette flyttepasset er ikke lenger gyldig: be flytteteamet om et nytt').waitFor();
    await phone.getByLabel('Passord').waitFor();
    // The link itself no longer signs in.
    await phone.goto(link);
    await poll(() => phone.getByText('Dette flyttepasset er ikke lenger gyldig: be flytteteamet om et nytt').count()).toBe(1);
    await phone.context().close();
  });
});
