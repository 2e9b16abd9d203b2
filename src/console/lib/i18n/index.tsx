import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { en, type Catalogue, type MessageKey } from './en.ts';

export type { MessageKey } from './en.ts';

export const LANGUAGES = ['en', 'es', 'ca'] as const;
export type Language = (typeof LANGUAGES)[number];
export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

// English ships with the entry; Spanish and Catalan load on demand (login entry budget, decision
// 0006). `loadLanguage` runs before the first render (main.tsx) and before a switch.
const loaded: Partial<Record<Language, Catalogue>> = { en };
const loaders: Record<Exclude<Language, 'en'>, () => Promise<Catalogue>> = {
  es: () => import('./es.ts').then((module) => module.es),
  ca: () => import('./ca.ts').then((module) => module.ca),
};

export async function loadLanguage(language: Language): Promise<void> {
  if (language === 'en' || loaded[language]) return;
  loaded[language] = await loaders[language]();
}

/** For tests and tools: make a catalogue available without a dynamic import. */
export function registerCatalogue(language: Language, catalogue: Catalogue) {
  loaded[language] = catalogue;
}

const catalogueOf = (language: Language): Catalogue => loaded[language] ?? en;
const STORAGE_KEY = 'provider-console.language';

/** The remembered choice first, then the browser's preferred languages, then English. */
export function detectLanguage(
  stored: string | null = readStored(),
  preferred: readonly string[] = globalThis.navigator?.languages ?? [],
): Language {
  if (isLanguage(stored)) return stored;
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return 'en';
}

function readStored(): string | null {
  try {
    return globalThis.localStorage?.getItem(STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

export type Params = Record<string, string | number>;

export function isMessageKey(value: string): value is MessageKey {
  return Object.hasOwn(en, value);
}

/** Fills `{name}` placeholders; numbers are formatted in the catalogue's language. */
export function translate(language: Language, key: MessageKey, params?: Params): string {
  const template = catalogueOf(language)[key];
  if (!params) return template;
  const numbers = new Intl.NumberFormat(language);
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    return typeof value === 'number' ? numbers.format(value) : value;
  });
}

export interface I18n {
  language: Language;
  setLanguage: (language: Language) => void;
  t: (key: MessageKey, params?: Params) => string;
  formatNumber: (value: number) => string;
  /** D10: local date and time in the UI language. */
  formatDateTime: (value: Date) => string;
  /** D10: the same instant in UTC, for a title or tooltip. */
  formatUtc: (value: Date) => string;
  /** A country code as a name in the UI language (ISO 3166-1 alpha-2), or the code itself. */
  countryName: (code: string) => string;
}

export function createI18n(language: Language, setLanguage: (language: Language) => void): I18n {
  const numbers = new Intl.NumberFormat(language);
  const local = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
  const utc = new Intl.DateTimeFormat(language, {
    dateStyle: 'medium',
    timeStyle: 'long',
    timeZone: 'UTC',
  });
  const regions = new Intl.DisplayNames([language], { type: 'region', fallback: 'code' });
  return {
    language,
    setLanguage,
    t: (key, params) => translate(language, key, params),
    formatNumber: (value) => numbers.format(value),
    formatDateTime: (value) => local.format(value),
    formatUtc: (value) => utc.format(value),
    countryName: (code) => {
      if (!/^[A-Za-z]{2}$/.test(code)) return code;
      try {
        return regions.of(code.toUpperCase()) ?? code;
      } catch {
        return code;
      }
    },
  };
}

const I18nContext = createContext<I18n | null>(null);

export function I18nProvider({ children, initial }: { children: ReactNode; initial?: Language }) {
  const [language, setState] = useState<Language>(() => initial ?? detectLanguage());
  const setLanguage = useCallback((next: Language) => {
    const apply = async () => {
      await loadLanguage(next);
      setState(next);
    };
    void apply();
    try {
      localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // Private mode or storage full: the choice still holds for this page.
    }
  }, []);
  const value = useMemo(() => createI18n(language, setLanguage), [language, setLanguage]);
  // Screen readers and the browser's hyphenation follow the page's language.
  useEffect(() => {
    document.documentElement.setAttribute('lang', language);
  }, [language]);
  return <I18nContext value={value}>{children}</I18nContext>;
}

export function useI18n(): I18n {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n needs an <I18nProvider> above it');
  return value;
}
