import { Link } from '@tanstack/react-router';
import { useI18n, type MessageKey } from '@/console/lib/i18n';
import type { FileRoutesByTo } from '@/console/routeTree.gen';
import classes from './centre-tabs.module.css';

/** What this needs of an `app/centre-tabs.ts` entry (features do not import the app). */
interface Tab {
  to: '/centres/$centreId' | Extract<keyof FileRoutesByTo, `/centres/$centreId/${string}`>;
  label: MessageKey;
}

/**
 * The centre's tabs as navigation: each is a link to its child route (so it can be opened in a new
 * tab, and back/forward move between them), the current one marked with `aria-current="page"`.
 */
export function CentreTabs({ centreId, tabs }: { centreId: number; tabs: readonly Tab[] }) {
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
