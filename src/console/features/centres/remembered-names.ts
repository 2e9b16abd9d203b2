import { z } from 'zod/mini';

// The names of the centres whose credentials this browser showed (created, or revealed): whoever
// signs in with them next is likely here, and a centre's own login cannot read its name from the
// service (the child list answers it 403, D3; no other operation names a centre). Names only, never
// a credential; the newest few, so that storage stays small.
const KEY = 'provider-console.centre-names';
const KEPT = 50;

const namesSchema = z.array(z.tuple([z.int(), z.string().check(z.maxLength(200))]));

function read(): [number, string][] {
  try {
    const parsed = namesSchema.safeParse(JSON.parse(localStorage.getItem(KEY) ?? '[]'));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

export function rememberCentreName(id: number, name: string): void {
  const names = [[id, name] as [number, string], ...read().filter(([known]) => known !== id)].slice(0, KEPT);
  try {
    localStorage.setItem(KEY, JSON.stringify(names));
  } catch {
    // Storage unavailable (private mode, full): the page says the centre's id instead.
  }
}

/** The name this browser knows for a centre, if it showed its credentials. */
export const rememberedCentreName = (id: number): string | undefined =>
  read().find(([known]) => known === id)?.[1];
