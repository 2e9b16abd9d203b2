import { useI18n } from '@/console/lib/i18n';

/** D10: a date shown in local time, with the UTC instant on hover. */
export function LocalTime({ value }: { value: Date }) {
  const { formatDateTime, formatUtc, t } = useI18n();
  return (
    <time dateTime={value.toISOString()} title={t('time.utc', { utc: formatUtc(value) })}>
      {formatDateTime(value)}
    </time>
  );
}
