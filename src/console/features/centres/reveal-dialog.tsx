import { Button, Loader, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ErrorPanel } from '@/console/components/feedback';
import { useI18n } from '@/console/lib/i18n';
import { childCenterCredentialsQueryOptions } from '@/console/api/get-child-center-credentials';
import { downloadText } from '@/console/lib/download';
import { dotEnv } from './credentials-dialog.tsx';
import { rememberCentreName } from './remembered-names.ts';
import { CredentialField } from './secret-field.tsx';

const HIDE_AFTER_MS = 60_000;

/** The reveal dialog, loaded on the first click (its modal would otherwise weigh on the route). */
export function RevealDialog({
  providerId,
  centreId,
  name,
  onClose,
}: {
  providerId: number;
  centreId: number;
  /** The centre's name, as the create dialog names it. */
  name: string;
  onClose: () => void;
}) {
  const { t } = useI18n();
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('credentials.title', { name })}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <RevealedCredentials providerId={providerId} centreId={centreId} name={name} />
    </Modal>
  );
}

function RevealedCredentials({
  providerId,
  centreId,
  name,
}: {
  providerId: number;
  centreId: number;
  name: string;
}) {
  const { t } = useI18n();
  const query = useQuery(childCenterCredentialsQueryOptions(providerId, centreId));
  // Whoever signs in with these next may be here: the centre's own page can then say its name.
  useEffect(() => {
    if (query.isSuccess) rememberCentreName(centreId, name);
  }, [query.isSuccess, centreId, name]);
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
      <Button
        variant="default"
        onClick={() =>
          downloadText(
            dotEnv({ providerId: centreId, ...query.data }),
            `centre-${centreId}.env`,
            'text/plain',
          )
        }
      >
        {t('credentials.download')}
      </Button>
    </Stack>
  );
}
