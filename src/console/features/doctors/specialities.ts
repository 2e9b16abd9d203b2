import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod/mini';

// Spec 2.2: "The list of specialties and their identifiers: not shown". A deployment that has the
// list names a JSON file at build time (`VITE_SPECIALITIES_URL`, e.g. `/specialities.json` placed
// beside the built console): `[{"id": 12, "name": "Cardiología"}, …]`. Then the speciality is
// chosen by name; without it, it is typed as the number the service expects.

const specialitiesSchema = z.array(
  z.object({ id: z.int().check(z.positive()), name: z.string().check(z.trim(), z.minLength(1)) }),
);
export type Speciality = z.output<typeof specialitiesSchema>[number];

/** The configured URL, or undefined: nothing is fetched then. */
export function specialitiesUrl(): string | undefined {
  const parsed = z
    .optional(z.string().check(z.trim(), z.minLength(1)))
    .safeParse(import.meta.env['VITE_SPECIALITIES_URL']);
  return parsed.success ? parsed.data : undefined;
}

export const specialitiesQueryOptions = (url: string) =>
  queryOptions({
    queryKey: ['specialities', url],
    queryFn: async ({ signal }): Promise<Speciality[]> => {
      const response = await fetch(url, { signal, headers: { accept: 'application/json' } });
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      return specialitiesSchema.parse(await response.json());
    },
    staleTime: Infinity,
    retry: 1,
  });
