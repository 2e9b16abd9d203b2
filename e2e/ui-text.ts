import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import enCommon from '../src/console/locales/en/common.json' with { type: 'json' };
import enCentres from '../src/console/locales/en/centres.json' with { type: 'json' };
import enLicences from '../src/console/locales/en/licences.json' with { type: 'json' };
import enContract from '../src/console/locales/en/contract.json' with { type: 'json' };
import enDoctors from '../src/console/locales/en/doctors.json' with { type: 'json' };
import enTemplates from '../src/console/locales/en/templates.json' with { type: 'json' };
import enActivity from '../src/console/locales/en/activity.json' with { type: 'json' };
import enShell from '../src/console/locales/en/shell.json' with { type: 'json' };
import enPeople from '../src/console/locales/en/people.json' with { type: 'json' };
import esCommon from '../src/console/locales/es/common.json' with { type: 'json' };
import esCentres from '../src/console/locales/es/centres.json' with { type: 'json' };
import esLicences from '../src/console/locales/es/licences.json' with { type: 'json' };
import esContract from '../src/console/locales/es/contract.json' with { type: 'json' };
import esDoctors from '../src/console/locales/es/doctors.json' with { type: 'json' };
import esTemplates from '../src/console/locales/es/templates.json' with { type: 'json' };
import esActivity from '../src/console/locales/es/activity.json' with { type: 'json' };
import esShell from '../src/console/locales/es/shell.json' with { type: 'json' };
import esPeople from '../src/console/locales/es/people.json' with { type: 'json' };
import caCommon from '../src/console/locales/ca/common.json' with { type: 'json' };
import caCentres from '../src/console/locales/ca/centres.json' with { type: 'json' };
import caLicences from '../src/console/locales/ca/licences.json' with { type: 'json' };
import caContract from '../src/console/locales/ca/contract.json' with { type: 'json' };
import caDoctors from '../src/console/locales/ca/doctors.json' with { type: 'json' };
import caTemplates from '../src/console/locales/ca/templates.json' with { type: 'json' };
import caActivity from '../src/console/locales/ca/activity.json' with { type: 'json' };
import caShell from '../src/console/locales/ca/shell.json' with { type: 'json' };
import caPeople from '../src/console/locales/ca/people.json' with { type: 'json' };

// The console's own words, so that a journey in Spanish finds its buttons by their Spanish names.
// The one place the e2e tests read the catalogues (src/console/locales, ICU messages formatted by
// Lingui as the console formats them).

const english = {
  ...enCommon,
  ...enCentres,
  ...enLicences,
  ...enContract,
  ...enDoctors,
  ...enTemplates,
  ...enActivity,
  ...enShell,
  ...enPeople,
};
export type MessageKey = keyof typeof english;
export type UiLanguage = 'en' | 'es' | 'ca';

const i18n = setupI18n({
  locale: 'en',
  messages: {
    en: english,
    es: {
      ...esCommon,
      ...esCentres,
      ...esLicences,
      ...esContract,
      ...esDoctors,
      ...esTemplates,
      ...esActivity,
      ...esShell,
      ...esPeople,
    },
    ca: {
      ...caCommon,
      ...caCentres,
      ...caLicences,
      ...caContract,
      ...caDoctors,
      ...caTemplates,
      ...caActivity,
      ...caShell,
      ...caPeople,
    },
  },
});
i18n.setMessagesCompiler(compileMessage);

/** Every key of the console's catalogues (English holds them all; the tests of src/console check). */
export const messageKeys: ReadonlySet<string> = new Set(Object.keys(english));

/** Where the console remembers the chosen language (src/console/lib/i18n). */
export const LANGUAGE_STORAGE_KEY = 'provider-console.language';

/** A message in the UI language, its ICU arguments filled. */
export function uiText(
  language: UiLanguage,
  key: MessageKey,
  values: Record<string, string | number> = {},
): string {
  i18n.activate(language);
  return i18n._(key, values);
}

/** A country's name as the console shows it: Intl's, in the UI language. */
export function countryName(language: UiLanguage, code: string): string {
  return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
}
