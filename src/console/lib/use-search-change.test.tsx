import { act, render, screen } from '@testing-library/react';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { intParam, textParam } from './search-params.ts';
import { useSearchChange, type SearchChange } from './use-search-change.ts';

// The one adapter from a screen's search changes to its URL, over a router of two screens of its
// own (not the console's, whose routes the router's types are registered with: hence the casts).
type Navigate = Parameters<typeof useSearchChange<{ at: number; q: string }>>[0];
function setup() {
  let change: SearchChange<{ at: number; q: string }> | undefined;
  const root = createRootRoute({ component: Outlet });
  const list = createRoute({
    getParentRoute: () => root,
    path: '/list',
    validateSearch: z.object({ at: intParam({ min: 0, fallback: 0 }), q: textParam() }),
    component: function List() {
      change = useSearchChange(list.useNavigate() as unknown as Navigate);
      return <p>list</p>;
    },
  });
  const other = createRoute({ getParentRoute: () => root, path: '/other', component: () => <p>other</p> });
  const router = createRouter({
    routeTree: root.addChildren([list, other]),
    history: createMemoryHistory({ initialEntries: ['/list?q=a'] }),
  });
  render(<RouterProvider router={router} />);
  return { router, change: () => change };
}

describe('a screen’s search changes', () => {
  it('merge a patch into the search as it is, in a new history entry or in place', async () => {
    const { router, change } = setup();
    await screen.findByText('list');
    await act(async () => change()?.({ at: 3 }));
    expect(router.state.location.search).toEqual({ at: 3, q: 'a' });
    const entries = router.history.length;
    await act(async () => change()?.({ q: 'b' }, { replace: true }));
    expect(router.state.location.search).toEqual({ at: 3, q: 'b' });
    expect(router.history.length).toBe(entries);
  });

  it('are dropped once the screen is left: a late report (its scroll position) does not pull back', async () => {
    const { router, change } = setup();
    await screen.findByText('list');
    const late = change();
    await act(() => router.navigate({ to: '/other' } as never));
    await screen.findByText('other');
    await act(async () => late?.({ at: 40 }));
    expect(router.state.location.pathname).toBe('/other');
  });
});
