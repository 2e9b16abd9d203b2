import { Badge } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { unreadQueryOptions } from '@/console/api/alerts';
import { useI18n } from '@/console/lib/i18n';
import { useReportTimeZone } from './report-time-zone.ts';

/**
 * The Inbox entry's count of unread alerts (docs/decisions/0026): nothing while it loads, on an
 * error or at zero, so that the navigation never shows a stale or broken number.
 */
export function UnreadBadge() {
  const { t, formatNumber } = useI18n();
  const unread = useQuery(unreadQueryOptions());
  // Shown to every person with an inbox, right after they sign in: where the console says their zone.
  useReportTimeZone();
  if (!unread.data) return null;
  return (
    <Badge
      size="sm"
      variant="filled"
      circle={unread.data < 10}
      aria-label={t('nav.unread', { count: unread.data })}
    >
      {formatNumber(unread.data)}
    </Badge>
  );
}
