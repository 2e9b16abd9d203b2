// Numbers, dates and country names in a language (and a time zone), through `Intl`: the part of
// the console's i18n that needs no catalogue (index.tsx).
import type { Language } from './index.tsx';

/** What a language formats beside its messages. */
export interface Formatters {
  formatNumber: (value: number) => string;
  /** D10: local date and time in the UI language. */
  formatDateTime: (value: Date) => string;
  /** D10: the same instant in UTC, for a title or tooltip. */
  formatUtc: (value: Date) => string;
  /** A country code as a name in the UI language (ISO 3166-1 alpha-2), or the code itself. */
  countryName: (code: string) => string;
}

/** The `Intl` formatters of a language, each built on first use and kept (they are costly to build). */
function lazily<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

const formatters = new Map<string, Formatters>();

/** `timeZone`: the browser's when undefined (the console); the person's, rendered by the proxy. */
export function formattersOf(language: Language, timeZone: string | undefined) {
  const key = `${language} ${timeZone ?? ''}`;
  let found = formatters.get(key);
  if (!found) {
    const numbers = lazily(() => new Intl.NumberFormat(language));
    const local = lazily(
      () =>
        new Intl.DateTimeFormat(language, {
          dateStyle: 'medium',
          timeStyle: 'short',
          ...(timeZone === undefined ? {} : { timeZone }),
        }),
    );
    const utc = lazily(
      () => new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'long', timeZone: 'UTC' }),
    );
    const regions = lazily(() => new Intl.DisplayNames([language], { type: 'region', fallback: 'code' }));
    const names = new Map<string, string>();
    found = {
      formatNumber: (value) => numbers().format(value),
      formatDateTime: (value) => local().format(value),
      formatUtc: (value) => utc().format(value),
      countryName: (code) => {
        if (!/^[A-Za-z]{2}$/.test(code)) return code;
        let name = names.get(code);
        if (name === undefined) {
          try {
            name = regions().of(code.toUpperCase()) ?? code;
          } catch {
            name = code;
          }
          names.set(code, name);
        }
        return name;
      },
    };
    formatters.set(key, found);
  }
  return found;
}
