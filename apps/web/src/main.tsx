import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { installApiAuth } from './features/auth';
import { schedulePerformanceReport, startWebVitals } from './features/performance';
import { registerServiceWorker } from './pwa/register';

installApiAuth();
// web-vitals reads buffered performance entries, so it can load once the page has shown itself.
window.addEventListener('load', () => setTimeout(() => void startWebVitals(), 0), { once: true });
schedulePerformanceReport();
// The installable app's service worker: app shell, offline page, Web Push (src/pwa).
registerServiceWorker();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
