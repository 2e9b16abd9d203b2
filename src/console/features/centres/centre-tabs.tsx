import { Link } from '@tanstack/react-router';
import type { CentreTab } from '@/console/app/centre-tabs';
import { useI18n } from '@/console/lib/i18n';
import classes from './centre-tabs.module.css';

/**
 * The centre's tabs as navigation: each is a link to its child route (so it can be opened in a new
 * tab, and back/forward move between them), the current one marked with `aria-current="page"`.
 */
export function CentreTabs({ centreId, tabs }: { centreId: number; tabs: readonly CentreTab[] }) {
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
