/**
 * Debian's Chromium as the browser tests and the bench start it: headless, no sandbox (root in CI),
 * and none of the background traffic that has nowhere to go on these machines. CHROMIUM_PATH picks
 * another Chromium-based browser: the deploy workflow points it at the Google Chrome of GitHub's
 * ubuntu runner image (/usr/bin/google-chrome), which has no Debian chromium package.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];
