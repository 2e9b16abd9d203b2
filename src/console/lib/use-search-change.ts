import { useMatch, useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';

/** How a screen changes its state in the URL: a patch of its search, in a new history entry or not. */
export type SearchChange<Search> = (patch: Partial<Search>, options?: { replace?: boolean }) => void;

/** A route's `navigate`, as far as a search change needs it. */
type Navigate<Search> = (options: {
  search: (previous: Search) => Search;
  replace: boolean;
}) => Promise<void>;

/**
 * The one adapter from a screen's search changes to its route's URL (list state lives in the URL,
 * docs/decisions/0006): the patch is merged into the search as it is then. A change that arrives
 * after the user has left the screen (a list reports its scroll position once scrolling settles,
 * by when a link may have been followed) is dropped: it must not pull them back.
 */
export function useSearchChange<Search>(navigate: Navigate<Search>): SearchChange<Search> {
  const router = useRouter();
  // The screen's own match, not the location: leaving re-renders nothing here.
  const pathname = useMatch({ strict: false, select: (match) => match.pathname });
  return useCallback(
    (patch, options) => {
      if (withoutSlash(router.latestLocation.pathname) !== withoutSlash(pathname)) return;
      void navigate({
        search: (previous) => ({ ...previous, ...patch }),
        replace: options?.replace ?? false,
      });
    },
    [router, pathname, navigate],
  );
}

const withoutSlash = (pathname: string) => pathname.replace(/(.)\/$/, '$1');
