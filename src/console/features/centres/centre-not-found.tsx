import { NotFoundPanel } from '@/console/components/feedback';
import { useI18n } from '@/console/lib/i18n';
import { usePageTitle } from '@/console/lib/page-title';
import { ButtonLink } from '@/console/components/links';

/** A centre id that is not one of the signed-in provider's children (or not an id at all). */
export function CentreNotFound() {
  const { t } = useI18n();
  usePageTitle(t('centre.notInList'));
  return (
    <NotFoundPanel
      title={t('centre.notInList')}
      body={t('centre.notInList.body')}
      action={<ButtonLink to="/centres">{t('centre.back')}</ButtonLink>}
    />
  );
}
