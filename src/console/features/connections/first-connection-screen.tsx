import { Container, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Suspense } from 'react';
import { useAddFirstConnection } from '@/console/api/connections';
import { AnchorLink } from '@/console/components/links';
import { useI18n } from '@/console/lib/i18n';
import { usePageTitle } from '@/console/lib/page-title';
import type { Environment } from '@/proxy-api/console';
import type { AddConnectionRequest } from '@/proxy-api/people';
import { AddConnectionForm } from './load-add-connection-form.ts';

// The form idiom (react-hook-form and its resolver) loads after the page has painted, as on the
// Connections screen.

/**
 * The first admin's first connection (issue 25; docs/decisions/0023): someone in ADMIN_EMAILS
 * signed in with their organisation on a deployment with no connection yet lands here. The one
 * connection form, sent to `POST /connections/first`: a wrong secret is refused in words and
 * nothing typed is lost; once verified, their session begins on it and the console opens.
 */
export function FirstConnectionScreen({
  environments,
  onStarted,
}: {
  environments: Environment[];
  onStarted: () => void;
}) {
  const { t } = useI18n();
  usePageTitle(t('connections.first.pageTitle'));
  const first = useAddFirstConnection();
  const send = async (values: AddConnectionRequest) => {
    await first.mutateAsync(values);
    onStarted();
  };
  return (
    <Container size={640} py="xl" px="md">
      <Paper withBorder p="lg" radius="md" component="main" id="main">
        <Stack gap="md">
          <Title order={1} size="h2">
            {t('connections.first.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('connections.first.intro')}
          </Text>
          <Suspense fallback={<Skeleton height={220} aria-label={t('common.loading')} />}>
            <AddConnectionForm
              environments={environments}
              onAdd={send}
              submitLabel={t('connections.first.submit')}
            />
          </Suspense>
          <AnchorLink to="/login" size="sm">
            {t('connections.first.back')}
          </AnchorLink>
        </Stack>
      </Paper>
    </Container>
  );
}
