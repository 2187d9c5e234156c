import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { installApiErrorHandler } from './app/api-errors';
import { App } from './app/App';
import { router } from './app/router';
import { configureApi } from './lib/api-client';
import { initI18n } from './lib/i18n';
import { applyTheme } from './lib/theme';
import './index.css';
import './responsive.css';

applyTheme();
configureApi();
void initI18n();
installApiErrorHandler((to) => router.navigate(to));

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
