import { Text } from '@mantine/core';
import { useI18n } from '@/console/lib/i18n';

/** D10: a sentence naming a date in local time, with the UTC instant on hover. */
export function Dated({ on, text, size }: { on: Date; text: (date: string) => string; size?: 'sm' }) {
  const { t, formatDateTime, formatUtc } = useI18n();
  return (
    <Text size={size} title={t('time.utc', { utc: formatUtc(on) })}>
      {text(formatDateTime(on))}
    </Text>
  );
}
