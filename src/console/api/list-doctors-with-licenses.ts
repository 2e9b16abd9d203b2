import { queryOptions } from '@tanstack/react-query';
import type { DoctorsWithLicensesPage } from '@/contract/operations/list-doctors-with-licenses';
import { runOperation } from './client.ts';

const load = () =>
  import('@/contract/operations/list-doctors-with-licenses').then((module) => module.listDoctorsWithLicenses);

export interface DoctorsPageRequest {
  offset: number;
  limit: number;
  /** Sent to the service (4.6: partial, case-insensitive on first or last name); '' sends none. */
  search: string;
}

export const doctorsWithLicensesKeys = {
  all: ['doctors-with-licenses'] as const,
  centre: (providerId: number) => [...doctorsWithLicensesKeys.all, providerId] as const,
  page: (providerId: number, request: DoctorsPageRequest) =>
    [...doctorsWithLicensesKeys.centre(providerId), 'page', request] as const,
  every: (providerId: number) => [...doctorsWithLicensesKeys.centre(providerId), 'every'] as const,
};

/** Licence data is "fresh" for a minute: older, it is fetched again when the window regains focus. */
const FRESH_FOR_MS = 60_000;

/** 4.6, one page (D6: limit 1…100, ordered by last name, name, id), searched on the server. */
export const doctorsWithLicensesQueryOptions = (providerId: number, request: DoctorsPageRequest) =>
  queryOptions({
    queryKey: doctorsWithLicensesKeys.page(providerId, request),
    queryFn: ({ signal }) => runOperation(load, { providerId, ...request }, { signal }),
    staleTime: 15_000,
  });

/** Spec §8 names no maximum for this list; D6 allows 100, so a centre is read 100 at a time. */
const EVERY_PAGE = 100;

/**
 * Every doctor of a centre (4.6 read page by page, one request at a time), with the centre's
 * `billing` and `suspension`: what the licence banners need (the doctors at their BASIC limit and
 * the TRIALs ending, by name) and what the centre's header says about its billing. A doctor who
 * moves between pages while they are read appears once.
 */
export const everyDoctorWithLicensesQueryOptions = (providerId: number) =>
  queryOptions({
    queryKey: doctorsWithLicensesKeys.every(providerId),
    queryFn: async ({ signal }): Promise<DoctorsWithLicensesPage> => {
      const first = await runOperation(load, { providerId, limit: EVERY_PAGE, offset: 0 }, { signal });
      const doctors = new Map(first.doctors.map((doctor) => [doctor.id, doctor]));
      for (let offset = EVERY_PAGE; offset < first.meta.total; offset += EVERY_PAGE) {
        // One page after another: a centre's reading holds one request, whatever its size.
        // oxlint-disable-next-line no-await-in-loop
        const page = await runOperation(load, { providerId, limit: EVERY_PAGE, offset }, { signal });
        if (page.doctors.length === 0) break;
        for (const doctor of page.doctors) doctors.set(doctor.id, doctor);
      }
      const all = [...doctors.values()];
      return { ...first, doctors: all, meta: { total: all.length, offset: 0, limit: all.length } };
    },
    staleTime: FRESH_FOR_MS,
    refetchOnWindowFocus: true,
  });
