import { Container } from '@mantine/core';
import { useI18n } from '@/console/lib/i18n';
import { usePageTitle } from '@/console/lib/page-title';
import { NotFoundPanel } from './feedback.tsx';
import { ButtonLink } from './links.tsx';

/** A path that leads nowhere: say so in the UI language, and offer the way home. */
export function PageNotFound() {
  const { t } = useI18n();
  usePageTitle(t('notFound.title'));
  return (
    <Container size="sm" px={0}>
      <NotFoundPanel
        title={t('notFound.title')}
        body={t('notFound.body')}
        action={<ButtonLink to="/">{t('notFound.home')}</ButtonLink>}
      />
    </Container>
  );
}
