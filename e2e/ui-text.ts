import { en, type MessageKey } from '../src/console/lib/i18n/en.ts';
import { es } from '../src/console/lib/i18n/es.ts';

// The console's own words, so that a journey in Spanish finds its buttons by their Spanish names.
// The one place the e2e tests read the catalogues: if the i18n layer moves, repoint this file.

export type { MessageKey };
export type UiLanguage = 'en' | 'es';

/** Where the console remembers the chosen language (src/console/lib/i18n). */
export const LANGUAGE_STORAGE_KEY = 'provider-console.language';

const catalogues = { en, es } as const;

/** A message in the UI language with its `{name}` placeholders filled. */
export function uiText(language: UiLanguage, key: MessageKey, params: Record<string, string> = {}): string {
  return catalogues[language][key].replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);
}

/** A country's name as the console shows it: Intl's, in the UI language. */
export function countryName(language: UiLanguage, code: string): string {
  return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
}
