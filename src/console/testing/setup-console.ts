import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { i18n } from '@lingui/core';
import { AREAS, isLanguage, loadArea } from '@/console/lib/i18n';
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

// The app loads each area's catalogue with its screen; component tests render any area at once, in
// English: English is loaded whole. Another language loads, through the app's own loader, when a
// test switches to it: most files never do, and loading all three cost every file its set-up time.
await Promise.all(AREAS.map((area) => loadArea(area)));
// A test that renders in Spanish or Catalan (renderApp's `language`, I18nProvider's `initial`)
// activates it at once, where the app loads first (`activateLanguage`): Lingui then printed
// "Messages for locale … not loaded" on stderr before the switch below loaded anything. Each
// language's common catalogue (3 kB) is loaded here, so that activating finds it; a message missing
// from a catalogue still shows as its id, and a console error still fails the test.
const commons = await Promise.all([
  import('@/console/locales/es/common.json?lingui'),
  import('@/console/locales/ca/common.json?lingui'),
]);
i18n.load({ es: commons[0].messages, ca: commons[1].messages });
const switchedTo = new Set<string>(['en']);
i18n.on('change', () => {
  const language = i18n.locale;
  if (!isLanguage(language) || switchedTo.has(language)) return;
  switchedTo.add(language);
  for (const area of AREAS) void loadArea(area);
});
