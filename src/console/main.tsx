import '@/console/app/styles';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/console/app/app';
import { isShownToUser, markChunkLoadError } from '@/console/lib/error-message';
import { activateLanguage, detectLanguage } from '@/console/lib/i18n';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// A screen whose code cannot be fetched shows the in-app offline panel, not a reload that would
// end on the browser's own error page (lib/error-message.ts).
window.addEventListener('vite:preloadError', markChunkLoadError);

// `npm run dev` runs the console against the simulator in the browser (decision 0006): the proxy's
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
void Promise.all([startDemoWorkerInDevelopment(), activateLanguage(detectLanguage()).catch(() => {})]).then(
  () =>
    createRoot(root, {
      // A failure an error boundary shows the user in words is not also a console error; a bug is.
      onCaughtError: (error, info) => {
        if (!isShownToUser(error)) console.error(error, info.componentStack);
      },
    }).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
);
