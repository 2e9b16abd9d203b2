import { Loader, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useI18n } from '@/console/lib/i18n';
import { usePageTitle } from '@/console/lib/page-title';
import type { RegisterWorkspaceProps } from './register-workspace.tsx';

// The workspace (the searchable target picker, react-hook-form, the contract's schemas, the row
// fields) is nearly all of this screen's weight: it loads beside the route's chunk, not in it
// (budget: 35 kB gzip per route; docs/decisions/0013-doctors.md has the measurements).
const RegisterWorkspace = lazy(() =>
  import('./register-workspace.tsx').then((module) => ({ default: module.RegisterWorkspace })),
);

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
