import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { initI18n } from './lib/i18n';
import { detectLanguage, rememberLanguage } from './stores/locale';

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');

const language = detectLanguage();
rememberLanguage(language);
void initI18n(language).then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
