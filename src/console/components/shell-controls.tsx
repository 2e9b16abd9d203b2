import { ActionIcon, Box, NativeSelect, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { isLanguage, LANGUAGES, useI18n, type Language } from '@/console/lib/i18n';

// Each language in its own name, whatever the UI language is: someone who cannot read the page
// still finds their own.
const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', es: 'Español', ca: 'Català' };

export function LanguageSelect({ visibleFrom, label }: { visibleFrom?: 'sm'; label?: string }) {
  const { t, language, setLanguage } = useI18n();
  return (
    <NativeSelect
      visibleFrom={visibleFrom}
      size="xs"
      label={label}
      aria-label={label ? undefined : t('shell.language')}
      value={language}
      onChange={(event) => {
        const next = event.currentTarget.value;
        if (isLanguage(next)) setLanguage(next);
      }}
      data={LANGUAGES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] }))}
      style={label ? { alignSelf: 'stretch' } : undefined}
    />
  );
}

const noChange = () => () => {};
const isClient = () => true;
const isServer = () => false;

export function ColourSchemeToggle() {
  const { t } = useI18n();
  const { setColorScheme } = useMantineColorScheme();
  const chosen = useComputedColorScheme('light');
  // While a screen the proxy rendered is hydrated, the server's light (it cannot know a choice kept
  // in the browser); then the person's. React would otherwise keep the server's label (0028).
  const hydrated = useSyncExternalStore(noChange, isClient, isServer);
  const scheme = hydrated ? chosen : 'light';
  return (
    <ActionIcon
      variant="default"
      size="lg"
      onClick={() => setColorScheme(scheme === 'dark' ? 'light' : 'dark')}
      aria-label={scheme === 'dark' ? t('shell.colorScheme.light') : t('shell.colorScheme.dark')}
    >
      {/* Chosen by the stylesheet, so that a page painted before any script shows the right one. */}
      <Box component="span" aria-hidden="true" darkHidden>
        ☾
      </Box>
      <Box component="span" aria-hidden="true" lightHidden>
        ☀
      </Box>
    </ActionIcon>
  );
}
