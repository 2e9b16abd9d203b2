import { Button, Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { memo, useCallback, useMemo, useRef, useState } from 'react';
import { childCentersQueryOptions } from '@/console/api/list-child-centers';
import type { ChildListItem } from '@/contract/schemas';
import { useRights } from '@/console/api/person-session';
import { EmptyState, NoResults } from '@/console/components/feedback';
import { PermissionNote } from '@/console/components/permission-note';
import { may } from '@/console/domain/permissions';
import { useI18n } from '@/console/lib/i18n';
import { usePageTitle } from '@/console/lib/page-title';
import type { SearchChange } from '@/console/lib/use-search-change';
import { CentresTable } from './centres-table.tsx';
import { CreateFlow, type CreateFlowHandle } from './create-flow.tsx';
import { countriesOf, filterCentres, sortCentres } from './rules.ts';
import { useCentreIndex } from './use-centre-index.ts';
import type { CentresSearch } from './search.ts';
import { useTypedSearch } from './use-typed-search.ts';
// The list's contract code comes with this screen's code, which the entry starts loading at boot
// (main.tsx): the list's request then never waits for it (docs/decisions/0017).
import '@/contract/operations/list-child-centers';

export interface CentresScreenProps {
  providerId: number;
  search: CentresSearch;
  onSearchChange: SearchChange<CentresSearch>;
}

export function CentresScreen({ providerId, search, onSearchChange }: CentresScreenProps) {
  const { t, language, countryName } = useI18n();
  usePageTitle(t('centres.title'));
  const { data } = useSuspenseQuery(childCentersQueryOptions(providerId));
  const create = useRef<CreateFlowHandle>(null);
  // docs/decisions/0023: the button only where the role may create; else the reason. Elements kept
  // while they show the same: a keystroke re-renders no heading nor create flow (issue 48 item 5).
  const rights = useRights();
  const createAction = useMemo(
    () =>
      may(rights, 'centres.create') ? (
        <Button onClick={() => create.current?.open()}>{t('centres.create')}</Button>
      ) : (
        <PermissionNote rights={rights} permission="centres.create" />
      ),
    [rights, t],
  );
  const heading = useMemo(
    () => (
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {t('centres.title')}
        </Title>
        {createAction}
      </Group>
    ),
    [createAction, t],
  );
  // A centre just created, for a moment: its row scrolled into view and marked.
  const [arrived, setArrived] = useState<number | undefined>(undefined);
  const createFlow = useMemo(
    () => <CreateFlow ref={create} providerId={providerId} centres={data.data} onArrived={setArrived} />,
    [providerId, data.data],
  );

  const collator = useMemo(
    () => new Intl.Collator(language, { sensitivity: 'base', numeric: true }),
    [language],
  );
  // Indexed once per list and language; its search text folded when the browser is idle.
  const index = useCentreIndex(data.data, countryName);
  const countries = useMemo(() => countriesOf(index, collator), [index, collator]);
  // Sorted once per order, filtered per keystroke (rules.ts).
  const sorted = useMemo(
    () => sortCentres(index, { sort: search.sort, dir: search.dir }, collator),
    [index, search.sort, search.dir, collator],
  );
  // The search answers from what is typed; the URL follows once typing pauses (use-typed-search.ts).
  const [q, setQ, writeQ] = useTypedSearch(search.q, (typed) =>
    onSearchChange({ q: typed, at: 0 }, { replace: true }),
  );
  const rows = useMemo(
    () => filterCentres(sorted, { q, country: search.country }),
    [sorted, q, search.country],
  );
  const onCountry = useCallback((country: string) => onSearchChange({ country, at: 0 }), [onSearchChange]);
  const filtered = q !== '' || search.country !== '';
  const clear = filtered
    ? () => {
        setQ('');
        onSearchChange({ q: '', country: '', at: 0 });
      }
    : undefined;

  return (
    <Stack gap="md">
      {heading}
      {data.data.length === 0 ? (
        <EmptyState
          title={t('centres.empty.title')}
          body={t('centres.empty.body')}
          action={may(rights, 'centres.create') ? createAction : undefined}
        />
      ) : (
        <>
          <CentresFilters
            q={q}
            onType={setQ}
            onTypeEnd={writeQ}
            chosen={search.country}
            onCountry={onCountry}
            countries={countries}
          />
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('centres.count', { count: rows.length })}
          </Text>
          <CentresList
            rows={rows}
            q={q}
            search={search}
            onSearchChange={onSearchChange}
            onClear={clear}
            arrived={arrived}
          />
        </>
      )}
      {createFlow}
    </Stack>
  );
}

/**
 * The list under the count, in the same render as the field and the count: its rows are plain
 * cells and anchors (centres-table.tsx), cheap enough that deferring the list (useDeferredValue)
 * cost more, in a second render and a second paint after the count's, than it saved
 * (docs/decisions/0017, issue 48 item 5).
 */
function CentresList({
  rows,
  q,
  search,
  onSearchChange,
  onClear,
  arrived,
}: {
  rows: ChildListItem[];
  q: string;
  search: CentresSearch;
  onSearchChange: SearchChange<CentresSearch>;
  onClear: (() => void) | undefined;
  arrived: number | undefined;
}) {
  const { t } = useI18n();
  const { sort, dir, at } = search;
  const order = useMemo(() => ({ sort, dir }), [sort, dir]);
  const onSort = useCallback(
    (next: Pick<CentresSearch, 'sort' | 'dir'>) => onSearchChange({ ...next, at: 0 }),
    [onSearchChange],
  );
  const onFirstVisibleChange = useCallback(
    (first: number) => {
      if (first !== at) onSearchChange({ at: first }, { replace: true });
    },
    [at, onSearchChange],
  );
  if (rows.length === 0)
    return (
      <NoResults
        message={q === '' ? t('centres.noResults.filter') : t('centres.noResults', { q })}
        onClear={onClear}
      />
    );
  return (
    <CentresTable
      rows={rows}
      sort={order}
      onSort={onSort}
      initialIndex={at}
      onFirstVisibleChange={onFirstVisibleChange}
      arrived={arrived}
    />
  );
}

/** The search box and the country filter above the list. */
function CentresFilters({
  q,
  onType,
  onTypeEnd,
  chosen,
  onCountry,
  countries,
}: {
  q: string;
  onType: (typed: string) => void;
  onTypeEnd: () => void;
  chosen: string;
  onCountry: (code: string) => void;
  countries: ReturnType<typeof countriesOf>;
}) {
  const { t } = useI18n();
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        label={t('centres.search')}
        placeholder={t('centres.search.placeholder')}
        type="search"
        value={q}
        onChange={(event) => onType(event.currentTarget.value)}
        onBlur={onTypeEnd}
        style={{ flex: '1 1 220px' }}
      />
      <CountryFilter chosen={chosen} onCountry={onCountry} countries={countries} />
    </Group>
  );
}

/**
 * The country filter, memoised: its options (one per country of the list) are built and rendered
 * once per list and choice, not again at each keystroke in the search (issue 48 item 5).
 */
const CountryFilter = memo(function CountryFilter({
  chosen,
  onCountry,
  countries,
}: {
  chosen: string;
  onCountry: (code: string) => void;
  countries: ReturnType<typeof countriesOf>;
}) {
  const { t } = useI18n();
  const data = useMemo(
    () => [
      { value: '', label: t('centres.country.all') },
      ...countries.map((country) => ({
        value: country.code,
        label: t('centres.country.option', { name: country.name, count: country.count }),
      })),
    ],
    [countries, t],
  );
  return (
    <NativeSelect
      label={t('centres.country')}
      value={chosen}
      onChange={(event) => onCountry(event.currentTarget.value)}
      data={data}
      style={{ flex: '0 1 220px' }}
    />
  );
});
