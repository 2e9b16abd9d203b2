import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { catalogues } from '@/console/lib/i18n/all';
import { registerCatalogue } from '@/console/lib/i18n';
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

failOnConsoleError();
afterEach(() => cleanup());

// jsdom has no layout, so every element measures 0×0 and a virtualised list would render no rows.
// A fixed viewport-sized box lets @tanstack/react-virtual render its first rows as in a browser.
Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 });
Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 800 });

// The app loads Spanish and Catalan on demand; tests render them at once.
registerCatalogue('es', catalogues.es);
registerCatalogue('ca', catalogues.ca);
