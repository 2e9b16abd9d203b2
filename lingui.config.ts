import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-json';

// The console's catalogues (docs/decisions/0010-i18n.md): ICU messages with explicit ids, one JSON
// file per language and area. The Vite plugin compiles each file when it is imported, so a
// language and an area load only when a screen needs them.
const AREAS = [
  'common',
  'shell',
  'centres',
  'doctors',
  'licences',
  'templates',
  'contract',
  'people',
  'activity',
  'alerts',
] as const;

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'es', 'ca'],
  format: formatter({ style: 'minimal' }),
  catalogs: AREAS.map((area) => ({
    path: `<rootDir>/src/console/locales/{locale}/${area}`,
    include: [`<rootDir>/src/console`],
  })),
});
