import '@mantine/core/styles/Alert.css';
import { Alert } from '@mantine/core';
import { useI18n } from '@/console/lib/i18n';

/** D3: in the development environment the centre operations do not exist; say so instead of failing. */
export function CentresUnavailable({ environment }: { environment: string }) {
  const { t } = useI18n();
  return (
    <Alert color="gray" title={t('centres.unavailable.title')}>
      {t('centres.unavailable.body', { environment })}
    </Alert>
  );
}
