import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { installApiAuth } from './features/auth';
import { schedulePerformanceReport, startWebVitals } from './features/performance';

installApiAuth();
// web-vitals reads buffered performance entries, so it can load once the page has shown itself.
window.addEventListener('load', () => setTimeout(() => void startWebVitals(), 0), { once: true });
schedulePerformanceReport();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
