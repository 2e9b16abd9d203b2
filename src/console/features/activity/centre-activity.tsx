import { Group, Stack, Text, Title } from '@mantine/core';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { recentActivityQueryOptions } from '@/console/api/activity';
import { centreQueryOptions } from '@/console/api/get-centre';
import { EmptyState } from '@/console/components/feedback';
import { AnchorLink } from '@/console/components/links';
import { useI18n } from '@/console/lib/i18n';
import classes from './activity.module.css';
import { ActivityLineItem } from './activity-line.tsx';
import { activityLines } from './entry-lines.ts';
import { ACTIVITY_SEARCH_DEFAULTS } from './search.ts';
import { useCentreNames } from './use-centre-names.ts';

/** The lines a centre's page shows; the Activity screen holds the rest. */
export const RECENT_LINES = 8;
/** Entries read for them: a run of registrations is several entries, and is counted whole. */
export const RECENT_ENTRIES = 50;

interface CentreActivityProps {
  providerId: number;
  centreId: number;
  listOffered: boolean;
}

/** A centre's own recent activity (docs/decisions/0022), with a link to all of it, filtered. */
export function CentreActivity({ providerId, centreId, listOffered }: CentreActivityProps) {
  const { t } = useI18n();
  const recent = useSuspenseQuery(recentActivityQueryOptions(centreId, RECENT_ENTRIES));
  const { entries } = recent.data;
  // Its lines are all this centre's: its own record names it (the centre guard loaded it, decision
  // 0024), never the whole child list. A centre's own login may not read 4.5 (D3): the log's words.
  const centre = useQuery({ ...centreQueryOptions(providerId, centreId), enabled: listOffered });
  const known = useMemo(() => (centre.data ? [centre.data] : undefined), [centre.data]);
  const centreName = useCentreNames(known, entries);
  const lines = useMemo(() => activityLines(entries).slice(0, RECENT_LINES), [entries]);
  return (
    <Stack gap="sm" component="section" aria-labelledby="centre-activity">
      <Title order={2} size="h3" id="centre-activity">
        {t('activity.recent.title')}
      </Title>
      {lines.length === 0 ? (
        <EmptyState title={t('activity.empty.title')} body={t('activity.recent.empty')} />
      ) : (
        <>
          <Text size="sm">{t('activity.recent.intro')}</Text>
          <ol className={classes.lines} aria-labelledby="centre-activity">
            {lines.map((line) => (
              <ActivityLineItem key={line.key} line={line} centreName={centreName} linkCentre={false} />
            ))}
          </ol>
        </>
      )}
      <Group>
        <AnchorLink to="/activity" search={{ ...ACTIVITY_SEARCH_DEFAULTS, centre: centreId }}>
          {t('activity.recent.all')}
        </AnchorLink>
      </Group>
    </Stack>
  );
}
