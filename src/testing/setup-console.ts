import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { failOnConsoleError } from './fail-on-console.ts';

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
