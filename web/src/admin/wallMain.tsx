import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import WallLinkPage, { askForConfig } from './features/moveDay/WallLinkPage.tsx';

// The wall link's page on its own (main.tsx): no MSAL, no session, no Fluent. The API's address is asked
// for before React draws anything, so the board's first read waits for no round trip of its own.
askForConfig();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <Routes>
        <Route path="/admin/wall/:moveId" element={<WallLinkPage />} />
      </Routes>
    </BrowserRouter>
  </StrictMode>,
);
