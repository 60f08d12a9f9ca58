import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { installApiAuth } from './features/auth';
import { schedulePerformanceReport, startWebVitals } from './features/performance';

installApiAuth();
void startWebVitals();
schedulePerformanceReport();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
