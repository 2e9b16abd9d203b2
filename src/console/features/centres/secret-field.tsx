import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Code.css';
import { Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useI18n } from '@/console/lib/i18n';

/** One credential: label, value (masked when asked), copy button. */
export function CredentialField({
  label,
  value,
  masked = false,
  extra,
}: {
  label: string;
  value: string;
  masked?: boolean;
  extra?: ReactNode;
}) {
  const { t } = useI18n();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap">
        <Code style={{ flex: 1, wordBreak: 'break-all', padding: '6px 8px' }} aria-label={label}>
          {masked ? t('reveal.masked') : value}
        </Code>
        {extra}
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Button size="xs" variant="default" onClick={copy} aria-label={`${t('common.copy')}: ${label}`}>
              {copied ? t('common.copied') : t('common.copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}
