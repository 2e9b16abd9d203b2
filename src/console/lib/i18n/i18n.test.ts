import { parse, type Token } from '@messageformat/parser';
import { describe, expect, it } from 'vitest';
import caActivity from '@/console/locales/ca/activity.json';
import caPeople from '@/console/locales/ca/people.json';
import caShell from '@/console/locales/ca/shell.json';
import caCentres from '@/console/locales/ca/centres.json';
import caCommon from '@/console/locales/ca/common.json';
import caContract from '@/console/locales/ca/contract.json';
import caDoctors from '@/console/locales/ca/doctors.json';
import enActivity from '@/console/locales/en/activity.json';
import enPeople from '@/console/locales/en/people.json';
import enShell from '@/console/locales/en/shell.json';
import enCentres from '@/console/locales/en/centres.json';
import enCommon from '@/console/locales/en/common.json';
import enContract from '@/console/locales/en/contract.json';
import enDoctors from '@/console/locales/en/doctors.json';
import esActivity from '@/console/locales/es/activity.json';
import esPeople from '@/console/locales/es/people.json';
import esShell from '@/console/locales/es/shell.json';
import esCentres from '@/console/locales/es/centres.json';
import esCommon from '@/console/locales/es/common.json';
import esContract from '@/console/locales/es/contract.json';
import esDoctors from '@/console/locales/es/doctors.json';
import caLicences from '@/console/locales/ca/licences.json';
import enLicences from '@/console/locales/en/licences.json';
import esLicences from '@/console/locales/es/licences.json';
import caTemplates from '@/console/locales/ca/templates.json';
import enTemplates from '@/console/locales/en/templates.json';
import esTemplates from '@/console/locales/es/templates.json';
import { activateLanguage, createI18n, detectLanguage, type Language } from './index.tsx';

/** "Today", "in 1 day" and "in 11 days" in `language`. */
async function days(language: Language) {
  const { t } = await inLanguage(language);
  return [0, 1, 11].map((n) => t('time.inDays', { days: n }));
}

/** The messages of one language, as the app shows them once it is the active one. */
async function inLanguage(language: Language) {
  await activateLanguage(language);
  return createI18n(language);
}

const catalogues = {
  common: { en: enCommon, es: esCommon, ca: caCommon },
  centres: { en: enCentres, es: esCentres, ca: caCentres },
  doctors: { en: enDoctors, es: esDoctors, ca: caDoctors },
  licences: { en: enLicences, es: esLicences, ca: caLicences },
  templates: { en: enTemplates, es: esTemplates, ca: caTemplates },
  contract: { en: enContract, es: esContract, ca: caContract },
  activity: { en: enActivity, es: esActivity, ca: caActivity },
  shell: { en: enShell, es: esShell, ca: caShell },
  people: { en: enPeople, es: esPeople, ca: caPeople },
};

/** The ICU argument names a message uses (`{count, plural, …}`, `{name}`), sorted. */
function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  const visit = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'argument' || token.type === 'function') names.add(token.arg);
      if (token.type === 'plural' || token.type === 'select' || token.type === 'selectordinal') {
        names.add(token.arg);
        for (const branch of token.cases) visit(branch.tokens);
      }
    }
  };
  visit(parse(message));
  return [...names].sort();
}

describe('the catalogues', () => {
  it('have the same message ids in every language, area by area, and no empty message', () => {
    for (const area of Object.values(catalogues)) {
      const ids = Object.keys(area.en).sort();
      for (const catalogue of [area.es, area.ca]) {
        expect(Object.keys(catalogue).sort()).toEqual(ids);
        for (const message of Object.values(catalogue)) expect(message.trim()).not.toBe('');
      }
    }
  });

  it('name no decision, spec section or wire field: those are the code’s words, not a person’s', () => {
    for (const area of Object.values(catalogues))
      for (const catalogue of Object.values(area))
        for (const [id, message] of Object.entries(catalogue))
          expect(message, id).not.toMatch(/\(D\d{1,2}\)|\bD\d{1,2}\b|§\s?\d|\((type|user id)\)/);
  });

  it('use the same arguments in every language', () => {
    for (const area of Object.values(catalogues)) {
      for (const [id, message] of Object.entries(area.en)) {
        for (const [language, catalogue] of Object.entries({ es: area.es, ca: area.ca })) {
          expect(argumentsOf((catalogue as Record<string, string>)[id] ?? ''), `${language} ${id}`).toEqual(
            argumentsOf(message),
          );
        }
      }
    }
  });
});

describe('messages', () => {
  it('say "1 centre" and "10,000 centres", numbers formatted in each language', async () => {
    const en = await inLanguage('en');
    expect(en.t('centres.count', { count: 1 })).toBe('1 centre');
    expect(en.t('centres.count', { count: 10_000 })).toBe('10,000 centres');
    const es = await inLanguage('es');
    expect(es.t('centres.count', { count: 1 })).toBe('1 centro');
    expect(es.t('centres.count', { count: 10_000 })).toBe('10.000 centros');
    const ca = await inLanguage('ca');
    expect(ca.t('centres.count', { count: 1 })).toBe('1 centre');
    expect(ca.t('centres.count', { count: 3 })).toBe('3 centres');
  });

  it('count days right in all three languages: today, in 1 day, in 11 days', async () => {
    expect(await days('en')).toEqual(['today', 'in 1 day', 'in 11 days']);
    expect(await days('es')).toEqual(['hoy', 'dentro de 1 día', 'dentro de 11 días']);
    expect(await days('ca')).toEqual(['avui', 'd’aquí a 1 dia', 'd’aquí a 11 dies']);
  });

  it('use the plural "other" form for a million in Spanish and Catalan (their "many")', async () => {
    expect((await inLanguage('es')).t('time.daysAgo', { days: 1_000_000 })).toBe('hace 1.000.000 días');
    expect((await inLanguage('ca')).t('time.daysAgo', { days: 1_000_000 })).toBe('fa 1.000.000 dies');
  });

  it('count seconds in the rate limit, singular and plural', async () => {
    expect((await inLanguage('en')).t('error.rateLimited', { seconds: 1 })).toBe(
      'Too many attempts. Try again in 1 second.',
    );
    expect((await inLanguage('es')).t('error.rateLimited', { seconds: 42 })).toBe(
      'Demasiados intentos. Vuelve a intentarlo en 42 segundos.',
    );
  });

  it('select the empty page range apart from a range of rows', async () => {
    const en = await inLanguage('en');
    expect(en.t('paging.range', { from: 0, to: 0, total: 0 })).toBe('No rows');
    expect(en.t('paging.range', { from: 26, to: 50, total: 312 })).toBe('26–50 of 312');
  });

  it('keep apostrophes of Catalan as written', async () => {
    expect((await inLanguage('ca')).t('unavailable.body', { environment: 'Desenvolupament' })).toBe(
      "L'entorn Desenvolupament només ofereix l'inici de sessió i el registre de metges.",
    );
  });
});

describe('the UI language', () => {
  it('prefers the remembered language, then the browser, then English', () => {
    expect(detectLanguage('ca', ['es-ES'])).toBe('ca');
    expect(detectLanguage(null, ['fr-FR', 'es-ES'])).toBe('es');
    expect(detectLanguage('xx', ['de'])).toBe('en');
  });

  it('names countries in the UI language and keeps unknown codes as written', () => {
    expect(createI18n('es').countryName('ES')).toBe('España');
    expect(createI18n('ca').countryName('DE')).toBe('Alemanya');
    expect(createI18n('en').countryName('Atlantis')).toBe('Atlantis');
  });

  it('shows the UTC instant for a tooltip beside the local time (D10)', () => {
    expect(createI18n('en').formatUtc(new Date('2026-11-22T10:00:00Z'))).toMatch(/10:00:00.*UTC/);
  });
});
