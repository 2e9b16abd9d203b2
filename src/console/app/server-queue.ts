// Lingui's active language is global (lib/i18n): the proxy's renders into a page's HTML
// (first-screen.tsx, server-render.tsx) run one at a time, with every catalogue loaded once.
import { loadAllCatalogues } from '@/console/lib/i18n';

let queue: Promise<unknown> = loadAllCatalogues();

/** Runs `render` once every render asked for before it has ended. */
export function inTurn<T>(render: () => Promise<T>): Promise<T> {
  const rendered = queue.then(render);
  queue = rendered.catch(() => {});
  return rendered;
}
