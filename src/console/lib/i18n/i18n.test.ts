import { describe, expect, it } from 'vitest';
import { catalogues } from './all.ts';
import { createI18n, detectLanguage, LANGUAGES, loadLanguage, translate } from './index.tsx';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('i18n', () => {
  it('every catalogue has the same keys as English and no empty message', () => {
    const keys = Object.keys(catalogues.en).sort();
    for (const language of LANGUAGES) {
      expect(Object.keys(catalogues[language]).sort()).toEqual(keys);
      for (const message of Object.values(catalogues[language])) expect(message.trim()).not.toBe('');
    }
  });

  it('keeps the same placeholders in every language', () => {
    for (const [key, text] of Object.entries(catalogues.en)) {
      for (const language of LANGUAGES) {
        expect(
          placeholders(catalogues[language][key as keyof typeof catalogues.en]),
          `${language} ${key}`,
        ).toEqual(placeholders(text));
      }
    }
  });

  it('prefers the remembered language, then the browser, then English', () => {
    expect(detectLanguage('ca', ['es-ES'])).toBe('ca');
    expect(detectLanguage(null, ['fr-FR', 'es-ES'])).toBe('es');
    expect(detectLanguage('xx', ['de'])).toBe('en');
  });

  it('formats numbers inside messages in the chosen language', async () => {
    await loadLanguage('es');
    expect(translate('es', 'centres.count', { count: 10000 })).toBe('10.000 centros');
    expect(translate('en', 'centres.count', { count: 10000 })).toBe('10,000 centres');
  });

  it('names countries in the UI language and keeps unknown codes as written', () => {
    expect(createI18n('es', () => {}).countryName('ES')).toBe('España');
    expect(createI18n('ca', () => {}).countryName('DE')).toBe('Alemanya');
    expect(createI18n('en', () => {}).countryName('Atlantis')).toBe('Atlantis');
  });

  it('shows the UTC instant for a tooltip beside the local time (D10)', () => {
    const i18n = createI18n('en', () => {});
    expect(i18n.formatUtc(new Date('2026-11-22T10:00:00Z'))).toMatch(/10:00:00.*UTC/);
  });
});
