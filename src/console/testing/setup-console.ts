import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { loadAllCatalogues } from '@/console/lib/i18n';
import { failOnConsoleError } from '../../../tools/vitest/fail-on-console-error.ts';

// jsdom lacks what Mantine measures with (see mantinedev/vite-template vitest.setup.mjs).
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }) satisfies MediaQueryList;
window.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
Element.prototype.scrollIntoView ??= () => {};
// The router restores scroll positions; jsdom only logs "not implemented".
window.scrollTo = () => {};

// A screen's first render imports its route and catalogue: on a loaded two-core CI machine that
// took longer than Testing Library's default second to wait for (a findBy failed there, passing
// alone), and a lazy drawer's first import more than five seconds with several suites running at
// once. Waiting longer changes no assertion: what never appears still fails.
configure({ asyncUtilTimeout: 10_000 });

failOnConsoleError();
// Mantine's notifications live in a module-level store: one test's must not reach the next.
afterEach(() => {
  cleanup();
  notifications.clean();
});

// jsdom has no layout, so every element measures 0×0 and a virtualised list would render no rows.
// A fixed viewport-sized box lets @tanstack/react-virtual render its first rows as in a browser.
Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 });
Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 800 });

// The app loads each language's catalogues on demand; tests render any of them at once.
await loadAllCatalogues();
