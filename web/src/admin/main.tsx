import { loadConfig } from '../common/config.ts';
import { loadScreenReads } from './pages/screenReadsChunk.ts';

// The settings asked for beside the first chunk, not once it has loaded and run (issue 56); a failure is
// met, and shown, where they are used.
loadConfig().catch(() => undefined);

// The admin build's entry: the wall link's page (issue 49) is opened on a screen that never signs in, so it
// starts alone (wallMain.tsx: React, the router and the wall); everything else starts the signed-in app
// (adminMain.tsx: MSAL, the session, the screens). Issue 56: the wall link's first open loaded, ran and
// started MSAL and the session (≈ 1.5 s at 4× CPU slowdown) before its own code was even asked for.
if (/^\/admin\/wall\/[^/]+\/?$/.test(window.location.pathname)) void import('./wallMain.tsx');
else {
  void import('./adminMain.tsx');
  // A screen's first reads, beside the app (`pages/screenReadsChunk.ts`); the sign-in page needs none.
  if (window.location.pathname.startsWith('/admin/')) loadScreenReads().catch(() => undefined);
}
