import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { isApiError } from '@/contract/api-error-value';
import { errorMessageKey } from '@/console/lib/describe-error';
import { useI18n } from '@/console/lib/i18n';

/** An error with what the server said (D2: its message when there is one) and a retry. */
export function ErrorPanel({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useI18n();
  const server = isApiError(error) ? error.serverMessage : undefined;
  const requestId = isApiError(error) ? error.requestId : undefined;
  return (
    <Alert color="red" title={t('error.title')} role="alert">
      <Stack gap="xs">
        <Text size="sm">{t(errorMessageKey(error))}</Text>
        {server ? <Text size="sm">{server}</Text> : null}
        {requestId ? (
          <Text size="xs" c="dimmed">
            {t('error.requestId', { requestId })}
          </Text>
        ) : null}
        {onRetry ? (
          <Button variant="light" color="red" onClick={onRetry} w="fit-content">
            {t('common.retry')}
          </Button>
        ) : null}
      </Stack>
    </Alert>
  );
}
