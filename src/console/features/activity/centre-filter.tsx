import { Loader, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { centrePageQueryOptions } from '@/console/api/centre-page';
import { centreQueryOptions } from '@/console/api/get-centre';
import { useErrorText } from '@/console/components/feedback';
import { means } from '@/console/lib/error-message';
import { useI18n } from '@/console/lib/i18n';
import classes from './activity.module.css';

/** Centres offered at once; more are narrowed by typing (the proxy searches its index). */
export const CENTRE_OPTIONS = 20;
/** Typing settles before the proxy is asked: one request per pause, not one per key. */
const SEARCH_DEBOUNCE_MS = 300;

interface CentreFilterProps {
  providerId: number;
  /** The chosen centre's id; 0: every centre. */
  value: number;
  onChange: (centre: number) => void;
}

/**
 * Which centre, searched as it is typed in the proxy's index of the child list (docs/decisions/0024,
 * 0022), never the whole list: a parent may have 10,000 centres. The chosen centre is named by its
 * own record (a deep link's `?centre=107` too), by its id until that arrives. A centre's own login
 * may not read its parent's centres (403, D3): it has no filter to offer, unless the address names
 * a centre, which stays visible and can be cleared.
 */
export function CentreFilter({ providerId, value, onChange }: CentreFilterProps) {
  const { t } = useI18n();
  const chosen = useQuery({ ...centreQueryOptions(providerId, value), enabled: value > 0 });
  const chosenLabel =
    value === 0 ? '' : chosen.data ? labelOf(chosen.data) : t('activity.centre', { id: String(value) });
  const [typed, setTyped] = useState<string | null>(null);
  // What the field shows when no one is typing: the chosen centre, not a search.
  const search = typed === null || typed === chosenLabel ? '' : typed.trim();
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const page = useQuery({
    ...centrePageQueryOptions(providerId, {
      ...(debounced === '' ? {} : { q: debounced }),
      sort: 'name',
      limit: String(CENTRE_OPTIONS),
    }),
    // The previous answer stays while the next search runs.
    placeholderData: keepPreviousData,
  });
  const { message } = useErrorText(page.error);
  if (means(page.error, 'forbidden') && value === 0) return null;

  // Only the proxy's answer to what is typed now is offered: an older page would offer centres the
  // search does not match.
  const searching = search !== debounced || page.isFetching;
  const answered = !searching && !page.isPlaceholderData ? (page.data?.data ?? []) : [];
  const options = answered.map((centre) => ({ value: String(centre.id), label: labelOf(centre) }));
  if (value > 0 && !options.some((option) => option.value === String(value)))
    options.unshift({ value: String(value), label: chosenLabel });
  // Mantine's clear button is out of the tab order: the keyboard chooses every centre again here.
  if (value > 0 && search === '') options.unshift({ value: '0', label: t('activity.filter.everyCentre') });

  return (
    <Select
      label={t('activity.filter.centre')}
      placeholder={t('activity.filter.centreHint')}
      data={options}
      value={value === 0 ? null : String(value)}
      onChange={(next) => {
        setTyped(null);
        onChange(next === null ? 0 : Number(next));
      }}
      searchable
      clearable
      // A chosen centre: only its clear button (a mouse's; the keyboard has "All centres"), so that
      // its name has the room.
      clearSectionMode="clear"
      searchValue={typed ?? chosenLabel}
      onSearchChange={setTyped}
      onDropdownClose={() => setTyped(null)}
      // The proxy already searched: the field must not filter its answer again.
      filter={({ options: all }) => all}
      nothingFoundMessage={searching ? t('activity.filter.centreSearching') : t('activity.filter.centreNone')}
      rightSection={searching && typed !== null ? <Loader size={14} /> : undefined}
      error={page.isError && !means(page.error, 'forbidden') ? message : undefined}
      comboboxProps={{ width: 'target', position: 'bottom-start' }}
      classNames={{ dropdown: classes.centreOptions }}
    />
  );
}

const labelOf = (centre: { id: number; name: string }) => `${centre.name} (${centre.id})`;
