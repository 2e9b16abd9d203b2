import { Box, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { childCentersQueryOptions } from '@/console/api/list-child-centers';
import { useI18n, type Language } from '@/console/lib/i18n';
import type { SearchChange } from '@/console/lib/use-search-change';
import type { RegisterSearch } from './doctors-rules.ts';
import { RowsForm } from './rows-form.tsx';

// The file import (its preview table, the mapping step) loads when that mode is first opened;
// papaparse itself loads only once a file is chosen (csv/read-doctors-csv.ts).
const CsvImport = lazy(() => import('./csv-import.tsx').then((module) => ({ default: module.CsvImport })));

/** The UI language as a doctor's language: the likeliest one for a new row (D4 codes). */
const LANG_OF: Record<Language, string> = { en: 'EN', es: 'ES', ca: 'CA' };

/** How many targets the picker shows at once; typing searches all of them. */
const TARGETS_SHOWN = 50;

export interface RegisterWorkspaceProps {
  providerId: number;
  /** Whether this environment lists centres (D3: development offers only registration). */
  canListCentres: boolean;
  search: RegisterSearch;
  onSearchChange: SearchChange<RegisterSearch>;
}

/**
 * The target (the signed-in provider or one of its centres) and the two ways to add doctors:
 * typed in row by row, or imported from a file; either way one doctor per request (D4).
 */
export function RegisterWorkspace({
  providerId,
  canListCentres,
  search,
  onSearchChange,
}: RegisterWorkspaceProps) {
  const { t, language } = useI18n();
  // A centre's own login cannot list its parent's children (403, D3): it registers under itself.
  const centres = useQuery({
    ...childCentersQueryOptions(providerId),
    enabled: canListCentres,
    retry: false,
  });
  const listed = centres.data?.data;
  // The URL's target holds while the centres load; then it must be one of them (else: yourself).
  const target =
    search.target !== 0 &&
    (centres.isPending ? canListCentres : (listed ?? []).some((centre) => centre.id === search.target))
      ? search.target
      : providerId;
  // Every centre becomes an option once the picker is first opened (typing opens it too). Until
  // then it holds only yourself and the current choice: 10,000 labels and Mantine's check of each
  // option were about 140 ms of the page's hydration at 4× CPU (issue 48, traced).
  const [searched, setSearched] = useState(false);
  const options = useMemo(() => {
    const self = { value: String(providerId), label: t('register.target.self', { id: providerId }) };
    const shown = searched ? listed : listed?.filter((centre) => centre.id === target);
    return [
      self,
      ...(shown ?? []).map((centre) => ({
        value: String(centre.id),
        label: t('register.target.centre', { name: centre.name, id: centre.id }),
      })),
    ];
  }, [listed, searched, target, providerId, t]);
  const mode = search.mode;
  return (
    <Stack gap="lg">
      <Select
        label={t('register.target')}
        description={t('register.target.hint')}
        data={options}
        value={String(target)}
        onChange={(value) => {
          if (value) onSearchChange({ target: Number(value) === providerId ? 0 : Number(value) });
        }}
        searchable
        onDropdownOpen={() => setSearched(true)}
        // The input holds the current choice's name: a click selects it, so that what is typed
        // next searches afresh instead of following the name (a Tab into it selects it already).
        onClick={(event) => event.currentTarget.select()}
        // Mantine renders every option it is given, in the document even while closed: 10,000
        // centres were 10,000 option elements, one task of seconds at load (docs/decisions/0017).
        // Typing narrows the whole list; the first matches are shown.
        limit={TARGETS_SHOWN}
        allowDeselect={false}
        nothingFoundMessage={t('register.target.nothing')}
        maw={520}
      />
      <SegmentedControl
        value={mode}
        onChange={(value) => onSearchChange({ mode: value === 'file' ? 'file' : 'form' })}
        data={[
          { value: 'form', label: t('register.mode.form') },
          { value: 'file', label: t('register.mode.file') },
        ]}
        aria-label={t('register.mode')}
        w="fit-content"
      />
      {/* Both stay mounted once opened, so switching loses nothing typed or imported. */}
      <Box hidden={mode !== 'form'}>
        <RowsForm target={target} defaultLang={LANG_OF[language]} />
      </Box>
      <Suspense fallback={<Text size="sm">{t('common.loading')}</Text>}>
        <FileMode show={mode === 'file'} target={target} />
      </Suspense>
    </Stack>
  );
}

/** The import, mounted from its first opening on and then kept (hidden when not shown). */
function FileMode({ show, target }: { show: boolean; target: number }) {
  const [opened, setOpened] = useState(show);
  if (show && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Box hidden={!show}>
      <CsvImport target={target} />
    </Box>
  );
}
