import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ChildListItem } from '@/contract';
import { useI18n } from '@/console/lib/i18n';
import { RevealCredentials } from './reveal-credentials.tsx';

/**
 * A centre's page. A parent sees its child (from the list it already holds) with the parent-only
 * actions; a child signed in with its own credentials (the list answers 403, D3) sees its own page
 * without them. Licences and doctors join this page with their issues.
 */
export function CentrePage({
  providerId,
  centreId,
  centre,
}: {
  providerId: number;
  centreId: number;
  /** Undefined when signed in as the centre itself: a child cannot read the parent's list (D3). */
  centre: ChildListItem | undefined;
}) {
  const { t, countryName } = useI18n();
  const own = centreId === providerId;
  return (
    <Stack gap="md">
      {own ? null : (
        <Text size="sm">
          <Link to="/centres">{t('centre.back')}</Link>
        </Text>
      )}
      <Paper withBorder p="lg">
        <Stack gap="sm">
          <Title order={1} size="h2">
            {centre?.name ?? t('centre.title', { id: String(centreId) })}
          </Title>
          {own ? <Text size="sm">{t('centre.ownCentre')}</Text> : null}
          <Group gap="xl" wrap="wrap">
            {centre ? (
              <>
                <Fact label={t('centre.country')} value={countryName(centre.country)} />
                <Fact label={t('centre.city')} value={centre.city ?? t('centres.city.none')} />
              </>
            ) : null}
            <Fact label={t('centre.id')} value={String(centreId)} />
          </Group>
          {centre && !own ? (
            <Group>
              <RevealCredentials providerId={providerId} centreId={centreId} />
            </Group>
          ) : null}
        </Stack>
      </Paper>
    </Stack>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text>{value}</Text>
    </div>
  );
}
