import { Button, Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { childCentersQueryOptions } from '@/console/api/list-child-centers';
import { useRights } from '@/console/api/person-session';
import { EmptyState, NoResults } from '@/console/components/feedback';
import { PermissionNote } from '@/console/components/permission-note';
import { may } from '@/console/domain/permissions';
import { useI18n } from '@/console/lib/i18n';
import { usePageTitle } from '@/console/lib/page-title';
import type { SearchChange } from '@/console/lib/use-search-change';
import { CentresTable } from './centres-table.tsx';
import { CreateFlow, type CreateFlowHandle } from './create-flow.tsx';
import { countriesOf, filterCentres, indexCentres, sortCentres } from './rules.ts';
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
  const openCreate = () => create.current?.open();
  // docs/decisions/0023: the button only where the role may create; else the reason, in its place.
  const rights = useRights();
  const createAction = may(rights, 'centres.create') ? (
    <Button onClick={openCreate}>{t('centres.create')}</Button>
  ) : (
    <PermissionNote rights={rights} permission="centres.create" />
  );
  // A centre just created, for a moment: its row scrolled into view and marked.
  const [arrived, setArrived] = useState<number | undefined>(undefined);

  const collator = useMemo(
    () => new Intl.Collator(language, { sensitivity: 'base', numeric: true }),
    [language],
  );
  // Folded once per list and language, not once per keystroke.
  const index = useMemo(() => indexCentres(data.data, countryName), [data.data, countryName]);
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
  const filtered = q !== '' || search.country !== '';

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {t('centres.title')}
        </Title>
        {createAction}
      </Group>
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
            onCountry={(country) => onSearchChange({ country, at: 0 })}
            countries={countries}
          />
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('centres.count', { count: rows.length })}
          </Text>
          {rows.length === 0 ? (
            <NoResults
              message={q === '' ? t('centres.noResults.filter') : t('centres.noResults', { q })}
              onClear={
                filtered
                  ? () => {
                      setQ('');
                      onSearchChange({ q: '', country: '', at: 0 });
                    }
                  : undefined
              }
            />
          ) : (
            <CentresTable
              rows={rows}
              sort={search}
              onSort={(sort) => onSearchChange({ ...sort, at: 0 })}
              initialIndex={search.at}
              onFirstVisibleChange={(at) => {
                if (at !== search.at) onSearchChange({ at }, { replace: true });
              }}
              arrived={arrived}
            />
          )}
        </>
      )}
      <CreateFlow ref={create} providerId={providerId} centres={data.data} onArrived={setArrived} />
    </Stack>
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
      <NativeSelect
        label={t('centres.country')}
        value={chosen}
        onChange={(event) => onCountry(event.currentTarget.value)}
        data={[
          { value: '', label: t('centres.country.all') },
          ...countries.map((country) => ({
            value: country.code,
            label: t('centres.country.option', { name: country.name, count: country.count }),
          })),
        ]}
        style={{ flex: '0 1 220px' }}
      />
    </Group>
  );
}
