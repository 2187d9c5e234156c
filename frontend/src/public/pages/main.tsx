import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PageApp } from './PageApp';
import './page.css';

// A published landing page (/p/…): its own entry (page.html) with the renderer only — no editor,
// no admin code (issue 17 item 8).
createRoot(document.getElementById('page') as HTMLElement).render(
  <StrictMode>
    <PageApp />
  </StrictMode>,
);
