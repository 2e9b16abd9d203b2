import { Stack, Title } from '@mantine/core';
import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import {
  doctorsWithLicensesKeys,
  everyDoctorWithLicensesQueryOptions,
} from '@/console/api/list-doctors-with-licenses';
import { licenceSummaryQueryOptions, licensesKeys } from '@/console/api/get-licenses';
import { onServiceClock, serviceClockQueryOptions } from '@/console/api/service-clock';
import { watchKeys } from '@/console/api/watch';
import { centreTimelineQueryOptions } from '@/console/api/watch-timeline';
import { LastUpdated } from '@/console/components/last-updated';
import { bannersOf, fullName } from '@/console/domain/banners';
import { LICENCE_TYPES } from '@/console/domain/plans';
import { useI18n } from '@/console/lib/i18n';
import type { SearchChange } from '@/console/lib/use-search-change';
import type { EnvironmentKind } from '@/proxy-api/console';
import { CentreTimeline } from './centre-timeline.tsx';
import { LicenceBanners } from './licence-banners.tsx';
import { LicencesByType } from './licences-by-type.tsx';
import { PlanSummary } from './plan-summary.tsx';
import type { LicencesSearch } from './search.ts';

// The drawer (Mantine's Drawer and its focus trap) loads when a doctor is first opened: most visits
// never open it, and the route chunk budget is 35 kB gzip.
const DoctorLicencesDrawer = lazy(() =>
  import('./doctor-licences-drawer.tsx').then((module) => ({ default: module.DoctorLicencesDrawer })),
);

export interface LicencesScreenProps {
  centreId: number;
  environment: EnvironmentKind;
  /** A person working through a stored connection: the watcher's history is read (0025). */
  hasConnection: boolean;
  search: LicencesSearch;
  onSearchChange: SearchChange<LicencesSearch>;
}

/**
 * A centre's licence dashboard, what support staff open when a doctor cannot generate reports:
 * the banners (what is wrong or about to change), the plans, the licences by type and one doctor's
 * licences in a drawer. Its data is the loader's (shared query options), so a centre opened from
 * the overview draws at once.
 */
export function LicencesScreen({
  centreId,
  environment,
  hasConnection,
  search,
  onSearchChange,
}: LicencesScreenProps) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const summary = useSuspenseQuery(licenceSummaryQueryOptions(centreId));
  const roster = useSuspenseQuery(everyDoctorWithLicensesQueryOptions(centreId));
  const clock = useSuspenseQuery(serviceClockQueryOptions(environment));
  const banners = useMemo(
    () => bannersOf(summary.data, roster.data, clock.data),
    [summary.data, roster.data, clock.data],
  );
  // "Suspended since": the timeline's first page carries it (docs/decisions/0025).
  const watched = useQuery({ ...centreTimelineQueryOptions(centreId), enabled: hasConnection });
  const since = watched.data?.centre?.suspendedSince;
  const refresh = () =>
    void Promise.all([
      queryClient.invalidateQueries({ queryKey: licensesKeys.centre(centreId) }),
      queryClient.invalidateQueries({ queryKey: doctorsWithLicensesKeys.centre(centreId) }),
      queryClient.invalidateQueries({ queryKey: serviceClockQueryOptions(environment).queryKey }),
      queryClient.invalidateQueries({ queryKey: watchKeys.timeline(centreId) }),
    ]);
  // No type chosen: the centre's first plan, else BASIC.
  const firstRow = summary.data.shape === 'no-contract' ? undefined : summary.data.summary[0];
  const firstPlan = LICENCE_TYPES.find((candidate) => firstRow?.type === candidate);
  const type = search.type === '' ? (firstPlan ?? 'BASIC') : search.type;
  const doctor =
    search.doctor === '' ? undefined : roster.data.doctors.find((entry) => entry.id === search.doctor);
  // Mounted from the first opening on and kept, so that closing it can animate.
  const [drawerEver, setDrawerEver] = useState(search.doctor !== '');
  if (search.doctor !== '' && !drawerEver) setDrawerEver(true);

  return (
    <Stack gap="lg">
      <LicenceBanners
        banners={banners}
        suspendedSince={since === undefined || since === null ? null : new Date(since)}
      />
      <LastUpdated
        updatedAt={onServiceClock(environment, clock, Math.min(summary.dataUpdatedAt, roster.dataUpdatedAt))}
        refreshing={summary.isFetching || roster.isFetching}
        onRefresh={refresh}
      />
      <Stack gap="sm" component="section" aria-labelledby="licences-plans">
        <Title order={2} size="h3" id="licences-plans">
          {t('licences.plans.title')}
        </Title>
        <PlanSummary summary={summary.data} roster={roster.data} />
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="licences-by-type">
        <Title order={2} size="h3" id="licences-by-type">
          {t('licences.byType.title')}
        </Title>
        <LicencesByType
          centreId={centreId}
          type={type}
          onTypeChange={(next) => onSearchChange({ type: next })}
        />
      </Stack>
      {hasConnection ? <CentreTimeline centreId={centreId} /> : null}
      {drawerEver ? (
        <Suspense fallback={null}>
          <DoctorLicencesDrawer
            centreId={centreId}
            userId={search.doctor}
            knownName={doctor ? fullName(doctor).name : undefined}
            onClose={() => onSearchChange({ doctor: '' })}
          />
        </Suspense>
      ) : null}
    </Stack>
  );
}
