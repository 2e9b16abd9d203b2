import { queryOptions } from '@tanstack/react-query';
import type { DoctorsWithLicensesPage } from '@/contract/operations/list-doctors-with-licenses';
import { runOperation } from './client.ts';

const load = () =>
  import('@/contract/operations/list-doctors-with-licenses').then((module) => module.listDoctorsWithLicenses);

export interface DoctorsPageInput {
  providerId: number;
  limit: number;
  offset: number;
  search: string;
}

export const doctorsWithLicensesKeys = {
  all: ['doctors-with-licenses'] as const,
  centre: (providerId: number) => [...doctorsWithLicensesKeys.all, providerId] as const,
  page: ({ providerId, limit, offset, search }: DoctorsPageInput) =>
    [...doctorsWithLicensesKeys.centre(providerId), 'page', { limit, offset, search }] as const,
  every: (providerId: number) => [...doctorsWithLicensesKeys.centre(providerId), 'every'] as const,
};

const FRESH_FOR_MS = 60_000;

/** One page of a centre's doctors with their licences (4.6; D6: limit 1–100, ordered by name). */
export const doctorsWithLicensesQueryOptions = (input: DoctorsPageInput) =>
  queryOptions({
    queryKey: doctorsWithLicensesKeys.page(input),
    queryFn: ({ signal }) => runOperation(load, input, { signal }),
    staleTime: FRESH_FOR_MS,
    refetchOnWindowFocus: true,
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
