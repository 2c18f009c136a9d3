import { chromium } from 'playwright-core';
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const context = await browser.newContext({ ignoreHTTPSErrors: true });
const page = await context.newPage();
context.on('page', (p) =>
  p.on('framenavigated', (f) => {
    if (f === p.mainFrame()) console.log('popup nav', f.url().slice(0, 400));
  }),
);
await page.goto('http://localhost:5173/');
await page.waitForTimeout(1500);
const popupP = page.waitForEvent('popup', { timeout: 15000 });
await page.getByRole('button', { name: 'Sign in' }).click();
const popup = await popupP;
await popup.getByRole('button', { name: /staff@movers.test/ }).click();
await page.waitForURL('**/admin', { timeout: 20000 });
console.log('--- signing out');
await page.getByRole('button', { name: /user menu/ }).click();
await page.getByRole('menuitem', { name: 'sign out' }).click();
await page.waitForTimeout(5000);
console.log('url now', page.url(), await page.getByRole('button', { name: 'Sign in' }).count());
for (const p of context.pages()) console.log('open page', p.url().slice(0, 200), (await p.content()).slice(0, 300));
await browser.close();
