import { Alert } from '@mantine/core';
import { useState } from 'react';
import { useI18n } from '@/console/lib/i18n';
import type { WatchedCentres } from '@/proxy-api/watch';

const STALE_OUTCOMES = ['unavailable', 'refused', 'failed'] as const;
type StaleOutcome = (typeof STALE_OUTCOMES)[number];
const isStale = (outcome: string | null): outcome is StaleOutcome =>
  (STALE_OUTCOMES as readonly (string | null)[]).includes(outcome);

/**
 * Issue 26's edges: when the last refresh could not read the service (down, or the connection's
 * secret refused; docs/decisions/0025), the overview says so, and how old what it shows is. Not
 * while a new refresh is on its way: its outcome will say.
 */
export function WatchNotice({ watched }: { watched: WatchedCentres }) {
  const { t, formatDateTime } = useI18n();
  // The age when the notice is first drawn; the next read of the snapshots draws it again.
  const [now] = useState(Date.now);
  const { refresh, asOf } = watched;
  if (!isStale(refresh.outcome) || refresh.waiting || refresh.running || refresh.finishedAt === null)
    return null;
  const minutes = asOf === null ? 0 : Math.max(0, Math.round((now - asOf.oldest) / 60_000));
  const age =
    minutes < 120
      ? t('overview.watch.age.minutes', { count: minutes })
      : t('overview.watch.age.hours', { count: Math.floor(minutes / 60) });
  return (
    <Alert color="blue" variant="light" title={t('overview.watch.stale.title')}>
      {t('overview.watch.stale.body', {
        time: formatDateTime(new Date(refresh.finishedAt)),
        reason: t(`overview.watch.stale.${refresh.outcome}`),
        age,
      })}
    </Alert>
  );
}
