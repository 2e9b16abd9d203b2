import { Loader, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  doctorsWithLicensesKeys,
  doctorsWithLicensesQueryOptions,
} from '@/console/api/list-doctors-with-licenses';
import { useErrorText } from '@/console/components/feedback';
import { useI18n } from '@/console/lib/i18n';
import type { DoctorsWithLicensesPage } from '@/contract/operations/list-doctors-with-licenses';

/**
 * Doctors listed at once; a centre with more is narrowed by typing (4.6 searches on the server).
 * Generous, because this list also names a doctor chosen before a reload: 4.6 has no lookup by id.
 */
export const PICKER_LIMIT = 50;
/** Typing settles before the service is asked: one request per pause, not one per key. */
export const SEARCH_DEBOUNCE_MS = 300;

interface DoctorPickerProps {
  centreId: number;
  /** The chosen doctor's external id (the spec's `userId`), or '' for none. */
  doctorId: string;
  onChange: (doctorId: string) => void;
}

/**
 * A searchable list of the centre's doctors. The search runs on the service (4.6 `search`: first
 * or last name, D6) and not in the browser, because a centre may have more doctors than one page.
 */
export function DoctorPicker({ centreId, doctorId, onChange }: DoctorPickerProps) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState('');
  const labelOf = (doctor: { id: string; name: string; lastname: string }) =>
    t('templates.doctor.option', { name: doctor.name, lastname: doctor.lastname, id: doctor.id });

  // The chosen doctor's name, from any list of this centre's doctors already fetched; a doctor
  // typed into the address and not among them is shown by id (4.6 cannot look one up by id).
  const known = queryClient
    .getQueriesData<DoctorsWithLicensesPage>({ queryKey: doctorsWithLicensesKeys.centre(centreId) })
    .flatMap(([, page]) => page?.doctors ?? [])
    .find((doctor) => doctor.id === doctorId);
  const chosenLabel = doctorId === '' ? '' : known ? labelOf(known) : doctorId;

  // Once a doctor is chosen the field shows their label (by id until their name is known): that
  // is not a search.
  const showsChosen = doctorId !== '' && (typed === chosenLabel || typed === doctorId);
  const search = showsChosen ? '' : typed.trim();
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const query = useQuery({
    ...doctorsWithLicensesQueryOptions(centreId, { limit: PICKER_LIMIT, offset: 0, search: debounced }),
    // The previous answer stays while the next search runs.
    placeholderData: keepPreviousData,
  });
  const { message } = useErrorText(query.error);

  // Only the service's answer to what is typed now is offered: an older list would offer doctors
  // the search does not match, and filtering it here would disagree with the service (D6).
  const searching = search !== debounced || query.isFetching;
  const answered = !searching && !query.isPlaceholderData ? (query.data?.doctors ?? []) : [];
  const options = answered.map((doctor) => ({ value: doctor.id, label: labelOf(doctor) }));
  if (search === '' && doctorId !== '' && !options.some((option) => option.value === doctorId))
    options.unshift({ value: doctorId, label: chosenLabel });
  const total = query.data?.meta.total ?? 0;
  const shown = query.data?.doctors.length ?? 0;

  return (
    <Select
      label={t('templates.doctor')}
      placeholder={t('templates.doctor.placeholder')}
      data={options}
      value={doctorId === '' ? null : doctorId}
      onChange={(value) => onChange(value ?? '')}
      searchable
      clearable
      searchValue={typed}
      onSearchChange={setTyped}
      // The service already filtered the list: the field must not filter it again.
      filter={({ options: all }) => all}
      nothingFoundMessage={searching ? t('templates.doctor.searching') : t('templates.doctor.nothing')}
      rightSection={searching ? <Loader size={16} /> : undefined}
      description={total > shown && !query.isError ? t('templates.doctor.more', { shown, total }) : undefined}
      error={query.isError ? message : undefined}
      maw={480}
    />
  );
}
