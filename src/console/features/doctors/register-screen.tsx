import { Loader, Stack, Text, Title } from '@mantine/core';
import { Suspense } from 'react';
import { useI18n } from '@/console/lib/i18n';
import { usePageTitle } from '@/console/lib/page-title';
import { RegisterWorkspace } from './load-register-workspace.ts';
import type { RegisterWorkspaceProps } from './register-workspace.tsx';

/**
 * 4.2: doctors registered under the signed-in provider or one of its centres, one doctor per
 * request, at most four in flight (D4). In the development environment this is the home (D3).
 */
export function RegisterScreen(props: RegisterWorkspaceProps) {
  const { t } = useI18n();
  usePageTitle(t('register.title'));
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('register.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('register.intro')}
        </Text>
      </Stack>
      <Suspense fallback={<Loader size="sm" aria-label={t('common.loading')} />}>
        <RegisterWorkspace {...props} />
      </Suspense>
    </Stack>
  );
}
