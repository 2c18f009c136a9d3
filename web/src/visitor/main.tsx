import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { loadApiBase } from './api.ts';
import { VisitorApp } from './VisitorApp.tsx';
import './visitor.css';

const root = createRoot(document.getElementById('root')!);
loadApiBase().then(
  () =>
    root.render(
      <StrictMode>
        <BrowserRouter>
          <VisitorApp />
        </BrowserRouter>
      </StrictMode>,
    ),
  () => root.render(<p role="alert">The site is not available right now. Try again later.</p>),
);
