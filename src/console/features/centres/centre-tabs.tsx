import { Link } from '@tanstack/react-router';
import { useI18n, type MessageKey } from '@/console/lib/i18n';
import type { FileRoutesByTo } from '@/console/routeTree.gen';
import classes from './centre-tabs.module.css';

/** A tab as the page lists it (app/centre-tabs.ts): a child route of the centre's page, and its label. */
export interface CentreTabLink {
  to: '/centres/$centreId' | Extract<keyof FileRoutesByTo, `/centres/$centreId/${string}`>;
  label: MessageKey;
}

/**
 * The centre's tabs as navigation: each is a link to its child route (so it can be opened in a new
 * tab, and back/forward move between them), the current one marked with `aria-current="page"`.
 */
export function CentreTabs({ centreId, tabs }: { centreId: number; tabs: readonly CentreTabLink[] }) {
  const { t } = useI18n();
  return (
    <nav aria-label={t('centre.tabs')} className={classes.tabs}>
      {tabs.map((tab) => (
        <Link key={tab.to} to={tab.to} params={{ centreId }} className={classes.tab}>
          {t(tab.label)}
        </Link>
      ))}
    </nav>
  );
}
