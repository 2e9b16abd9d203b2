import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/console/app/app';
import { detectLanguage, loadLanguage } from '@/console/lib/i18n';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// `npm run dev` runs the console against the simulator in the browser (issue 5): the proxy's
// surface is played by a service worker. The dynamic import sits behind a build-time constant, so a
// production build contains no MSW (checked by `npm run test:budget`). VITE_DEMO_WORKER=false turns
// it off, to develop against a running proxy instead.
async function startDemoWorkerInDevelopment() {
  if (import.meta.env.DEV && import.meta.env['VITE_DEMO_WORKER'] !== 'false') {
    const { startDemoWorker } = await import('@/simulator/hosts/browser');
    await startDemoWorker();
  }
}

// The user's language is loaded before the first render, so that nothing flashes in English.
void Promise.all([startDemoWorkerInDevelopment(), loadLanguage(detectLanguage()).catch(() => {})]).then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
