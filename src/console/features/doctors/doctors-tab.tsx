import { Group, Progress, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Navigate } from '@tanstack/react-router';
import { useState } from 'react';
import { doctorsWithLicensesQueryOptions } from '@/console/api/list-doctors-with-licenses';
import { serviceClockQueryOptions } from '@/console/api/service-clock';
import { useRights } from '@/console/api/person-session';
import { EmptyState, ErrorPanel, NoResults } from '@/console/components/feedback';
import { AnchorLink, ButtonLink } from '@/console/components/links';
import { LocalTime } from '@/console/components/local-time';
import { PermissionNote } from '@/console/components/permission-note';
import { PagedTable, type Column } from '@/console/components/paged-table';
import { daysUntil } from '@/console/domain/days';
import { may } from '@/console/domain/permissions';
import { useI18n } from '@/console/lib/i18n';
import type { SearchChange } from '@/console/lib/use-search-change';
import { usePagedQuery, type Paging } from '@/console/lib/paging';
import type { EnvironmentKind } from '@/proxy-api/console';
import type { DoctorWithLicense, License } from '@/contract/schemas';
import { doctorLicencesLink, usageShare } from './doctor-row-rules.ts';
import { pageRequestOf, type DoctorsSearch } from './doctors-rules.ts';
import classes from './doctors.module.css';
import { ToneBadge, type Tone } from './tone-badge.tsx';

/** How long typing rests before the search goes to the service (and into the URL). */
export const SEARCH_DEBOUNCE_MS = 300;

export interface DoctorsTabProps {
  centreId: number;
  /** Whose clock is "now" (api/service-clock.ts): the same as the Licences tab's. */
  environment: EnvironmentKind;
  search: DoctorsSearch;
  onSearchChange: SearchChange<DoctorsSearch>;
}

/**
 * A centre's doctors with their licences (4.6): paged and searched by the service, the state in
 * the URL; the previous page stays while the next loads and the one after is fetched ahead.
 */
export function DoctorsTab({ centreId, environment, search, onSearchChange }: DoctorsTabProps) {
  const { t } = useI18n();
  // Days until an expiry count from the service's "now", as on the Licences tab (domain/days.ts).
  const clock = useQuery(serviceClockQueryOptions(environment));
  // The box shows what is typed at once; the URL (and the service) get it once typing rests.
  const [typed, setTyped] = useState(search.q);
  const [urlQ, setUrlQ] = useState(search.q);
  if (urlQ !== search.q) {
    // Back, forward or a link changed the search: the box follows the URL.
    setUrlQ(search.q);
    setTyped(search.q);
  }
  const sendSearch = useDebouncedCallback(
    (q: string) => onSearchChange({ q, page: 1 }, { replace: true }),
    SEARCH_DEBOUNCE_MS,
  );
  const columns = useColumns(centreId, clock.data);
  const paging: Paging = { page: search.page, pageSize: search.size };
  const { query, total, lastPage, isShowingPrevious } = usePagedQuery(
    (at) =>
      doctorsWithLicensesQueryOptions(
        centreId,
        pageRequestOf({ q: search.q, page: at.page, size: at.pageSize }),
      ),
    paging,
  );
  // docs/decisions/0023: registering is an operator's; support sees why instead of the button.
  const rights = useRights();
  const mayRegister = may(rights, 'doctors.register');
  const registerAction = mayRegister ? (
    <ButtonLink to="/doctors/register" search={{ target: centreId }}>
      {t('doctors.register')}
    </ButtonLink>
  ) : (
    <PermissionNote rights={rights} permission="doctors.register" />
  );

  let body;
  if (query.isError && !query.data)
    body = <ErrorPanel error={query.error} onRetry={() => void query.refetch()} />;
  else if (!query.data || total === undefined) body = <DoctorsSkeleton />;
  else if (total === 0 && search.q === '')
    body = (
      // Without the right, the note beside the search says why once; no invitation to register.
      <EmptyState
        title={t('doctors.empty.title')}
        body={t(mayRegister ? 'doctors.empty.body' : 'doctors.empty.readOnly')}
        action={mayRegister ? registerAction : undefined}
      />
    );
  else if (total === 0)
    body = (
      <NoResults
        message={t('doctors.noResults', { q: search.q })}
        onClear={() => {
          setTyped('');
          onSearchChange({ q: '', page: 1 });
        }}
      />
    );
  // A page past the end (an old link, a list that shrank): its last page instead.
  else if (lastPage !== undefined)
    body = (
      <Navigate
        to="/centres/$centreId/doctors"
        params={{ centreId }}
        search={(previous) => ({ ...previous, page: lastPage })}
        replace
      />
    );
  else
    body = (
      <PagedTable
        caption={t('doctors.table')}
        columns={columns}
        rows={query.data.doctors}
        rowKey={(doctor) => doctor.id}
        total={total}
        paging={paging}
        loading={isShowingPrevious}
        onPagingChange={(next) => onSearchChange({ page: next.page, size: next.pageSize })}
      />
    );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <TextInput
          label={t('doctors.search')}
          placeholder={t('doctors.search.placeholder')}
          type="search"
          maxLength={100}
          value={typed}
          onChange={(event) => {
            setTyped(event.currentTarget.value);
            sendSearch(event.currentTarget.value);
          }}
          className={classes.search}
        />
        {registerAction}
      </Group>
      {body}
    </Stack>
  );
}

function DoctorsSkeleton() {
  const { t } = useI18n();
  return (
    <Stack gap="xs" aria-busy="true" aria-label={t('doctors.loading')}>
      {Array.from({ length: 6 }, (_, index) => (
        <Skeleton key={index} height={36} />
      ))}
    </Stack>
  );
}

// A hook only by name: the columns read the UI language's words and formatters. `now` is the
// service's clock, once read.
function useColumns(centreId: number, now: Date | undefined): Column<DoctorWithLicense>[] {
  const { t } = useI18n();
  return [
    {
      key: 'name',
      header: t('doctors.column.name'),
      // Support staff go from a doctor to the licences they hold, by the doctor's name as on the
      // Licences tab: the link's name is the whole name (it begins with the words it shows).
      cell: (doctor) => (
        <AnchorLink
          {...doctorLicencesLink(centreId, doctor.id)}
          aria-label={`${doctor.name} ${doctor.lastname}`}
        >
          {doctor.name}
        </AnchorLink>
      ),
    },
    { key: 'lastname', header: t('doctors.column.lastname'), cell: (doctor) => doctor.lastname },
    {
      key: 'id',
      header: t('doctors.column.id'),
      cell: (doctor) => <span className={classes.id}>{doctor.id}</span>,
    },
    {
      key: 'licence',
      header: t('doctors.column.licence'),
      cell: (doctor) => <LicenceBadge license={doctor.license} />,
    },
    {
      key: 'enabled',
      header: t('doctors.column.enabled'),
      cell: (doctor) =>
        doctor.license ? (
          <ToneBadge tone={doctor.license.isEnabled ? 'teal' : 'red'}>
            {doctor.license.isEnabled ? t('doctors.enabled') : t('doctors.disabled')}
          </ToneBadge>
        ) : (
          <NoneText />
        ),
    },
    {
      key: 'usage',
      header: t('doctors.column.usage'),
      wideOnly: true,
      cell: (doctor) => (doctor.license ? <UsageMeter license={doctor.license} /> : <NoneText />),
    },
    {
      key: 'expiry',
      header: t('doctors.column.expiry'),
      wideOnly: true,
      cell: (doctor) =>
        doctor.license?.expiresAt ? <Expiry date={doctor.license.expiresAt} now={now} /> : <NoneText />,
    },
  ];
}

function NoneText() {
  const { t } = useI18n();
  return (
    <Text span size="sm" c="dimmed">
      {t('doctors.none')}
    </Text>
  );
}

const BADGE_COLOURS: Record<string, Tone> = {
  BASIC: 'blue',
  ELITE: 'grape',
  TRIAL: 'orange',
  USAGE: 'cyan',
};

/** 2.7 `type`; a type the spec does not list stays visible as "unknown" (tolerant reading). */
function LicenceBadge({ license }: { license: License | null }) {
  const { t } = useI18n();
  if (!license)
    return (
      <Text span size="sm" c="dimmed">
        {t('doctors.noLicence')}
      </Text>
    );
  return (
    <ToneBadge
      variant="outline"
      tone={(typeof license.type === 'string' && BADGE_COLOURS[license.type]) || 'gray'}
    >
      {typeof license.type === 'string'
        ? license.type
        : t('doctors.licence.unknown', { type: license.type.unknown })}
    </ToneBadge>
  );
}

/** 2.7: reports this period of the limit (BASIC: 100), or the count and "no limit". */
function UsageMeter({ license }: { license: License }) {
  const { t, formatNumber } = useI18n();
  const share = usageShare(license);
  const words =
    license.limit === null
      ? t('doctors.usage.unlimited', { used: formatNumber(license.currentUsage) })
      : t('doctors.usage.of', {
          used: formatNumber(license.currentUsage),
          limit: formatNumber(license.limit),
        });
  return (
    <Stack gap={4} className={classes.usage}>
      <Text size="xs">{words}</Text>
      {share === undefined ? null : (
        <Progress
          size="sm"
          value={share * 100}
          color={share >= 1 ? 'red' : share >= 0.8 ? 'orange' : 'teal'}
          aria-label={words}
        />
      )}
    </Stack>
  );
}

/** D10: local time in the UI language (UTC on hover) and, once "now" is known, how far away it is. */
function Expiry({ date, now }: { date: Date; now: Date | undefined }) {
  const { t } = useI18n();
  const days = now === undefined ? undefined : daysUntil(now, date);
  return (
    <Stack gap={0}>
      <Text size="sm">
        <LocalTime value={date} />
      </Text>
      {days === undefined ? null : (
        <Text size="xs" c="dimmed">
          {days >= 0 ? t('time.inDays', { days }) : t('time.daysAgo', { days: -days })}
        </Text>
      )}
    </Stack>
  );
}
