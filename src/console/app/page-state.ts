// The query cache a server-rendered screen came with (docs/decisions/0028), put into the browser's:
// loaded only by such a page, so that the login's entry carries none of it (the bundle budget).
import { hydrate, type QueryClient } from '@tanstack/react-query';
import { takeState } from '@/console/lib/server-state';

/** Fills `queryClient` from the page's state block; whether there was one. */
export function fillFromPage(queryClient: QueryClient): boolean {
  const state = takeState();
  if (state) hydrate(queryClient, state);
  return state !== undefined;
}
