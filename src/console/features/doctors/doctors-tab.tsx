import { Group, Skeleton, Stack, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Navigate } from '@tanstack/react-router';
import { useState } from 'react';
import { doctorsWithLicensesQueryOptions } from '@/console/api/list-doctors-with-licenses';
import { serviceClockQueryOptions } from '@/console/api/service-clock';
import { useRights } from '@/console/api/person-session';
import { EmptyState, ErrorPanel, NoResults } from '@/console/components/feedback';
import { ButtonLink } from '@/console/components/links';
import { PermissionNote } from '@/console/components/permission-note';
import { PagedTable } from '@/console/components/paged-table';
import { may } from '@/console/domain/permissions';
import { useI18n } from '@/console/lib/i18n';
import type { SearchChange } from '@/console/lib/use-search-change';
import { usePagedQuery, type Paging } from '@/console/lib/paging';
import type { EnvironmentKind } from '@/proxy-api/console';
import { useColumns } from './doctors-columns.tsx';
import { pageRequestOf, type DoctorsSearch } from './doctors-rules.ts';
import classes from './doctors.module.css';

/** How long typing rests before the search goes to the service (and into the URL). */
export const SEARCH_DEBOUNCE_MS = 300;

export interface DoctorsTabProps {
  centreId: number;
  /** Whose clock is "now" (api/service-clock.ts): the same as the Licences tab's. */
  environment: EnvironmentKind;
  search: DoctorsSearch;
  onSearchChange: SearchChange<DoctorsSearch>;
}

/** The box shows what is typed at once; the URL (and the service) get it once typing rests. */
function useTypedSearch(q: string, onSearchChange: SearchChange<DoctorsSearch>) {
  const [typed, setTyped] = useState(q);
  const [urlQ, setUrlQ] = useState(q);
  if (urlQ !== q) {
    // Back, forward or a link changed the search: the box follows the URL.
    setUrlQ(q);
    setTyped(q);
  }
  const sendSearch = useDebouncedCallback(
    (next: string) => onSearchChange({ q: next, page: 1 }, { replace: true }),
    SEARCH_DEBOUNCE_MS,
  );
  return [typed, setTyped, sendSearch] as const;
}

/**
 * A centre's doctors with their licences (4.6): paged and searched by the service, the state in
 * the URL; the previous page stays while the next loads and the one after is fetched ahead.
 */
export function DoctorsTab({ centreId, environment, search, onSearchChange }: DoctorsTabProps) {
  const { t } = useI18n();
  // Days until an expiry count from the service's "now", as on the Licences tab (domain/days.ts).
  const clock = useQuery(serviceClockQueryOptions(environment));
  const [typed, setTyped, sendSearch] = useTypedSearch(search.q, onSearchChange);
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
