import { ThemeProvider } from '@fluentui/react';
import { MsalProvider } from '@azure/msal-react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { loadConfig } from '../common/config.ts';
import { appTheme, applyGlobalStyles } from '../common/theme.ts';
import { ToastProvider } from '../common/toast/Toasts.tsx';
import { AdminApp } from './AdminApp.tsx';
import { createMsal } from './auth/msal.ts';
import { SessionProvider } from './auth/Session.tsx';

// Icon fonts are registered by the screens that show icons (common/icons.ts), not by the sign-in page.
applyGlobalStyles();

const root = createRoot(document.getElementById('root')!);

async function start() {
  const config = await loadConfig();
  const msal = await createMsal(config);
  root.render(
    <StrictMode>
      <ThemeProvider theme={appTheme}>
        <MsalProvider instance={msal}>
          <BrowserRouter>
            <SessionProvider config={config}>
              <ToastProvider>
                <AdminApp />
              </ToastProvider>
            </SessionProvider>
          </BrowserRouter>
        </MsalProvider>
      </ThemeProvider>
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
