import { expect, test } from 'vitest';
import caCentres from '@/console/locales/ca/centres.json';
import { activateLanguage, createI18n, loadArea } from './index.tsx';

test('a screen loading while the language switches gets its messages in the new language, never as ids', async () => {
  // The console starts its first route beside the switch to the person's language (main.tsx).
  const switching = activateLanguage('ca');
  await loadArea('centres');
  await switching;
  expect(createI18n('ca').t('centres.title')).toBe(caCentres['centres.title']);
});
