import { useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';

// The centres list's rows link with plain anchors and one set of handlers on the list (issue 48
// item 5): a router <Link> per row builds its location and subscribes to the router's state when it
// mounts, and a keystroke in the search mounts a screenful of new rows. What <Link> gave each row is
// kept here once: a plain click opens the centre in the app, a click with a modifier (a new tab, a
// new window) is the browser's own, and pointing at or focusing a row preloads its centre as the
// router's `defaultPreload: 'intent'` does.

/** The attribute that marks a row's anchor with its centre's id (centres-table.tsx). */
const CENTRE_ATTRIBUTE = 'data-centre-id';

/** The centre's page, as the router writes its address. */
export const centreHref = (id: number) => `/centres/${id}`;

/** How long a pointer must rest on a row before its centre is preloaded (the router's default). */
const INTENT_DELAY_MS = 50;

function centreOf(target: EventTarget | null): number | undefined {
  if (!(target instanceof Element)) return undefined;
  const id = target.closest(`a[${CENTRE_ATTRIBUTE}]`)?.getAttribute(CENTRE_ATTRIBUTE);
  return id ? Number(id) : undefined;
}

/**
 * A ref for the element around the rows: the anchors' clicks, pointer and focus bubble to it. React
 * 19 runs the returned cleanup when the element goes.
 */
export function useCentreLinks(): (element: HTMLElement | null) => (() => void) | undefined {
  const router = useRouter();
  return useCallback(
    (element: HTMLElement | null) => {
      if (!element) return undefined;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const preload = (id: number) =>
        void router
          .preloadRoute({ to: '/centres/$centreId', params: { centreId: id } })
          // A preload that fails costs nothing: the click loads the page and shows its own error.
          .catch(() => undefined);
      const click = (event: MouseEvent) => {
        const id = centreOf(event.target);
        if (id === undefined || event.defaultPrevented || event.button !== 0) return;
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        void router.navigate({ to: '/centres/$centreId', params: { centreId: id } });
      };
      const over = (event: MouseEvent) => {
        const id = centreOf(event.target);
        clearTimeout(timer);
        if (id !== undefined) timer = setTimeout(() => preload(id), INTENT_DELAY_MS);
      };
      const out = () => clearTimeout(timer);
      const focus = (event: FocusEvent) => {
        const id = centreOf(event.target);
        if (id !== undefined) preload(id);
      };
      element.addEventListener('click', click);
      element.addEventListener('mouseover', over);
      element.addEventListener('mouseout', out);
      element.addEventListener('focusin', focus);
      return () => {
        clearTimeout(timer);
        element.removeEventListener('click', click);
        element.removeEventListener('mouseover', over);
        element.removeEventListener('mouseout', out);
        element.removeEventListener('focusin', focus);
      };
    },
    [router],
  );
}
