import { i18n, type Messages } from '@lingui/core';
import { I18nProvider as LinguiProvider, useLingui } from '@lingui/react';
import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';
import type enActivity from '@/console/locales/en/activity.json';
import type enAlerts from '@/console/locales/en/alerts.json';
import type enCentres from '@/console/locales/en/centres.json';
import type enCommon from '@/console/locales/en/common.json';
import type enContract from '@/console/locales/en/contract.json';
import type enDoctors from '@/console/locales/en/doctors.json';
import type enLicences from '@/console/locales/en/licences.json';
import type enPeople from '@/console/locales/en/people.json';
import type enShell from '@/console/locales/en/shell.json';
import type enTemplates from '@/console/locales/en/templates.json';
import { messages as enCommonMessages } from '@/console/locales/en/common.json?lingui';
import { formattersOf, type Formatters } from './formatters.ts';

// Lingui formats the messages (ICU: plural, select, numbers; docs/decisions/0010-i18n.md). This
// module only says where each language's catalogue of each area lives, loads it when a screen
// needs it, and offers the typed `t` and the `Intl` formatters the screens use.

export const LANGUAGES = ['en', 'es', 'ca'] as const;
export type Language = (typeof LANGUAGES)[number];
export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/**
 * The catalogues' areas: `common` (sign-in, feedback, errors) ships with the entry; `shell` (the
 * signed-in frame's words, roles and permissions, paging, times, and why a sign-in did not
 * complete) loads with the login guard, in parallel with the session, or with the login page when
 * it has a sign-in problem to tell: the login page's budget (160 kB gzip) carries only what its
 * first paint shows. The rest load with their screens.
 */
export const AREAS = [
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
export type Area = (typeof AREAS)[number];

/** Every message id of the English catalogues: a key missing from them is a type error. */
export type MessageKey =
  | keyof typeof enCommon
  | keyof typeof enShell
  | keyof typeof enCentres
  | keyof typeof enDoctors
  | keyof typeof enLicences
  | keyof typeof enTemplates
  | keyof typeof enContract
  | keyof typeof enPeople
  | keyof typeof enActivity
  | keyof typeof enAlerts;
export type Values = Record<string, string | number>;

type Catalogue = () => Promise<{ messages: Messages }>;
const CATALOGUES: Record<Language, Record<Area, Catalogue>> = {
  en: {
    common: () => Promise.resolve({ messages: enCommonMessages }),
    shell: () => import('@/console/locales/en/shell.json?lingui'),
    centres: () => import('@/console/locales/en/centres.json?lingui'),
    doctors: () => import('@/console/locales/en/doctors.json?lingui'),
    licences: () => import('@/console/locales/en/licences.json?lingui'),
    templates: () => import('@/console/locales/en/templates.json?lingui'),
    contract: () => import('@/console/locales/en/contract.json?lingui'),
    people: () => import('@/console/locales/en/people.json?lingui'),
    activity: () => import('@/console/locales/en/activity.json?lingui'),
    alerts: () => import('@/console/locales/en/alerts.json?lingui'),
  },
  es: {
    common: () => import('@/console/locales/es/common.json?lingui'),
    shell: () => import('@/console/locales/es/shell.json?lingui'),
    centres: () => import('@/console/locales/es/centres.json?lingui'),
    doctors: () => import('@/console/locales/es/doctors.json?lingui'),
    licences: () => import('@/console/locales/es/licences.json?lingui'),
    templates: () => import('@/console/locales/es/templates.json?lingui'),
    contract: () => import('@/console/locales/es/contract.json?lingui'),
    people: () => import('@/console/locales/es/people.json?lingui'),
    activity: () => import('@/console/locales/es/activity.json?lingui'),
    alerts: () => import('@/console/locales/es/alerts.json?lingui'),
  },
  ca: {
    common: () => import('@/console/locales/ca/common.json?lingui'),
    shell: () => import('@/console/locales/ca/shell.json?lingui'),
    centres: () => import('@/console/locales/ca/centres.json?lingui'),
    doctors: () => import('@/console/locales/ca/doctors.json?lingui'),
    licences: () => import('@/console/locales/ca/licences.json?lingui'),
    templates: () => import('@/console/locales/ca/templates.json?lingui'),
    contract: () => import('@/console/locales/ca/contract.json?lingui'),
    people: () => import('@/console/locales/ca/people.json?lingui'),
    activity: () => import('@/console/locales/ca/activity.json?lingui'),
    alerts: () => import('@/console/locales/ca/alerts.json?lingui'),
  },
};

// English's common catalogue is in the entry, so the first paint never waits for a catalogue.
i18n.load('en', enCommonMessages);
i18n.activate('en');

const loaded = new Set<string>(['en/common']);
const needed = new Set<Area>(['common']);

async function ensure(language: Language, area: Area): Promise<void> {
  const key = `${language}/${area}`;
  if (loaded.has(key)) return;
  const { messages } = await CATALOGUES[language][area]();
  // `load` merges an area's messages into what the language already has.
  i18n.load(language, messages);
  loaded.add(key);
}

const current = (): Language => (isLanguage(i18n.locale) ? i18n.locale : 'en');

/** The language being switched to, while its catalogues load. */
let activating: Language | undefined;

/**
 * A screen's area, in the current language (and in the one being switched to, if any): route
 * loaders await it before the screen renders.
 */
export async function loadArea(area: Area): Promise<void> {
  needed.add(area);
  const next = activating;
  await Promise.all([ensure(current(), area), next === undefined ? undefined : ensure(next, area)]);
}

/** Switches the UI language once every area in use is loaded in it, so nothing flashes as an id. */
export async function activateLanguage(language: Language): Promise<void> {
  activating = language;
  await Promise.all([...needed].map((area) => ensure(language, area)));
  // An area asked for meanwhile is loaded in this language too (`loadArea`).
  i18n.activate(language);
  if (activating === language) activating = undefined;
}

/** For tests and tools: every catalogue of every language, loaded. */
export async function loadAllCatalogues(): Promise<void> {
  await Promise.all(LANGUAGES.flatMap((language) => AREAS.map((area) => ensure(language, area))));
  for (const area of AREAS) needed.add(area);
}

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

function remember(language: Language) {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Private mode or storage full: the choice still holds for this page.
  }
  rememberLanguage(language);
}

/**
 * The language for the proxy: it sends the login page prerendered (docs/decisions/0017) and renders
 * signed-in screens (0028) in the one this cookie names.
 */
export function rememberLanguage(language: Language): void {
  document.cookie = `provider-console-language=${language}; Path=/; Max-Age=31536000; SameSite=Strict`;
}

/**
 * The browser's time zone, for the proxy: a screen it renders into the HTML (the overview,
 * docs/decisions/0025) shows times as the console will, or not at all while it does not know it.
 */
export function rememberTimeZone(): void {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  document.cookie = `provider-console-time-zone=${encodeURIComponent(zone)}; Path=/; Max-Age=31536000; SameSite=Strict`;
}

export interface I18n extends Formatters {
  language: Language;
  setLanguage: (language: Language) => void;
  t: (key: MessageKey, values?: Values) => string;
}

const setLanguage = (language: Language) => {
  remember(language);
  void activateLanguage(language);
};

export function createI18n(language: Language, timeZone?: string): I18n {
  return {
    language,
    setLanguage,
    t: (key, values) => i18n._(key, values),
    ...formattersOf(language, timeZone),
  };
}

const TimeZone = createContext<string | undefined>(undefined);

export function I18nProvider({
  children,
  initial,
  timeZone,
}: {
  children: ReactNode;
  initial?: Language;
  /** Local times in this zone rather than the runtime's: the proxy renders for a browser. */
  timeZone?: string | undefined;
}) {
  if (initial !== undefined && i18n.locale !== initial) i18n.activate(initial);
  return (
    <TimeZone value={timeZone}>
      <LinguiProvider i18n={i18n}>
        <DocumentLanguage />
        {children}
      </LinguiProvider>
    </TimeZone>
  );
}

/** Screen readers and the browser's hyphenation follow the page's language. */
function DocumentLanguage() {
  const { i18n: active } = useLingui();
  useEffect(() => {
    document.documentElement.setAttribute('lang', active.locale);
  }, [active.locale]);
  return null;
}

export function useI18n(): I18n {
  // Re-renders the caller when the language changes or an area's messages arrive.
  const { i18n: active } = useLingui();
  const language = isLanguage(active.locale) ? active.locale : 'en';
  const timeZone = useContext(TimeZone);
  return useMemo(() => createI18n(language, timeZone), [language, timeZone]);
}
