import { createLink, useLocation } from '@tanstack/react-router';
import { useEffect, useRef, type ComponentPropsWithRef, type ReactNode } from 'react';
import classes from './route-tabs.module.css';

/**
 * Tabs that are routes: a navigation of links (each can open in a new tab, back and forward move
 * between them), the current one marked by the router with `aria-current="page"`.
 */
export function RouteTabs({ label, children }: { label: string; children: ReactNode }) {
  const nav = useRef<HTMLElement>(null);
  // The current tab changes with the address: this re-renders the row then.
  useLocation({ select: (location) => location.pathname });
  // A row that scrolls sideways (a phone) shows the current tab, wherever it is in the row; only
  // the row scrolls, never the page. After every render: a tab may arrive later (the Contract tab
  // once the centre's billing is known) and push the current one out of view.
  useEffect(() => {
    const row = nav.current;
    const current = row?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!row || !current) return;
    const left = current.offsetLeft - row.offsetLeft;
    const right = left + current.offsetWidth;
    if (left < row.scrollLeft || right > row.scrollLeft + row.clientWidth)
      row.scrollLeft = right - row.clientWidth;
  });
  return (
    <nav aria-label={label} className={classes.tabs} ref={nav}>
      {children}
    </nav>
  );
}

function TabAnchor({ children, ...props }: ComponentPropsWithRef<'a'>) {
  return (
    <a {...props} className={classes.tab}>
      {children}
    </a>
  );
}

export const RouteTab = createLink(TabAnchor);
