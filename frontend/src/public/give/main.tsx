import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { GiveApp } from './GiveApp';
import { createPublicI18n, pickLocale } from './i18n';
import './give.css';

// The public donation page: its own entry (give.html), with no admin code (ARCHITECTURE §8).
const i18n = createPublicI18n(pickLocale(window.location.search, navigator.languages ?? []));

createRoot(document.getElementById('give') as HTMLElement).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <GiveApp />
    </I18nextProvider>
  </StrictMode>,
);
