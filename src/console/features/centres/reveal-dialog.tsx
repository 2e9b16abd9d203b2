import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import { Button, Loader, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ErrorPanel } from '@/console/components/error-panel';
import { useI18n } from '@/console/lib/i18n';
import { childCenterCredentialsQueryOptions } from './api.ts';
import { CredentialField } from './secret-field.tsx';

const HIDE_AFTER_MS = 60_000;

/** The reveal dialog, loaded on the first click (its modal would otherwise weigh on the route). */
export function RevealDialog({
  providerId,
  centreId,
  onClose,
}: {
  providerId: number;
  centreId: number;
  onClose: () => void;
}) {
  const { t } = useI18n();
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('reveal.title', { id: String(centreId) })}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <RevealedCredentials providerId={providerId} centreId={centreId} />
    </Modal>
  );
}

function RevealedCredentials({ providerId, centreId }: { providerId: number; centreId: number }) {
  const { t } = useI18n();
  const query = useQuery(childCenterCredentialsQueryOptions(providerId, centreId));
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(() => setShown(false), HIDE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [shown]);

  if (query.isPending) return <Loader aria-label={t('common.loading')} />;
  if (query.isError) return <ErrorPanel error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('reveal.hint')}
      </Text>
      <CredentialField label={t('credentials.clientId')} value={query.data.clientId} />
      <CredentialField
        label={t('credentials.secret')}
        value={query.data.secret}
        masked={!shown}
        extra={
          <Button size="xs" variant="default" onClick={() => setShown(!shown)}>
            {shown ? t('reveal.hideSecret') : t('reveal.showSecret')}
          </Button>
        }
      />
    </Stack>
  );
}
