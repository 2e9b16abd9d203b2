import { createLink } from '@tanstack/react-router';
import type { ComponentPropsWithRef, ReactNode } from 'react';
import classes from './route-tabs.module.css';

/**
 * Tabs that are routes: a navigation of links (each can open in a new tab, back and forward move
 * between them), the current one marked by the router with `aria-current="page"`.
 */
export function RouteTabs({ label, children }: { label: string; children: ReactNode }) {
  return (
    <nav aria-label={label} className={classes.tabs}>
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
