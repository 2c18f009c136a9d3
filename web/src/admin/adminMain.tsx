import { MsalProvider } from '@azure/msal-react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { askWhileDrawn } from '../common/api/askedEarly.ts';
import { loadConfig } from '../common/config.ts';
import '../common/plain.css';
import { ToastProvider } from '../common/toast/Toasts.tsx';
import { AdminApp } from './AdminApp.tsx';
import { createMsal } from './auth/msal.ts';
import { SessionProvider } from './auth/Session.tsx';

// The sign-in page is plain markup (common/plain.css); Fluent's theme is applied by the first Fluent
// screen that loads (the shell, a message bar, the not-found page), and its icons by common/icons.ts.

// Every read asked for as its screen is first drawn, not once the drawing is committed (issue 56).
const swrConfig = { use: [askWhileDrawn] };

const root = createRoot(document.getElementById('root')!);

async function start() {
  const config = await loadConfig();
  const msal = await createMsal(config);
  // A data router, so that forms can ask before a navigation loses their changes (useBlocker); the
  // screens themselves are still declared in AdminApp's <Routes>.
  const router = createBrowserRouter([
    {
      path: '*',
      element: (
        <SessionProvider config={config}>
          <ToastProvider>
            <AdminApp />
          </ToastProvider>
        </SessionProvider>
      ),
    },
  ]);
  root.render(
    <StrictMode>
      <MsalProvider instance={msal}>
        <SWRConfig value={swrConfig}>
          <RouterProvider router={router} />
        </SWRConfig>
      </MsalProvider>
    </StrictMode>,
  );
}

start().catch((error: unknown) => {
  root.render(
    <main style={{ padding: 32, fontFamily: 'sans-serif' }}>
      <h1>The portal could not start</h1>
      <p>{error instanceof Error ? error.message : String(error)}</p>
    </main>,
  );
});
