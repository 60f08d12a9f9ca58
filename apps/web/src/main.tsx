import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createQueryClient } from './app/query-client';
import { prefetchStartData } from './app/start-data';
import { installApiAuth } from './features/auth';
import { schedulePerformanceReport, startWebVitals } from './features/performance';
import { startI18n } from './i18n';
import { registerServiceWorker } from './pwa/register';

installApiAuth();
// The language's first words are asked for at once; a returning visitor's first data and code beside them.
const words = startI18n();
const queryClient = createQueryClient();
prefetchStartData(queryClient, window.location.pathname);
// web-vitals reads buffered performance entries, so it can load once the page has shown itself.
window.addEventListener('load', () => setTimeout(() => void startWebVitals(), 0), { once: true });
schedulePerformanceReport();
// The installable app's service worker: app shell, offline page, Web Push (src/pwa).
registerServiceWorker();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The first render waits for the language's common words (one small chunk); a failed load still renders,
// in English keys' fallback, rather than leaving a blank page.
void words.finally(() =>
  createRoot(root).render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  ),
);
