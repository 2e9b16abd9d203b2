import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { childCentersQueryOptions } from '@/console/api/list-child-centers';
import { useI18n } from '@/console/lib/i18n';
import { usePageTitle } from '@/console/lib/page-title';
import type { ChildListItem } from '@/contract/schemas';
import { rememberedCentreName } from './remembered-names.ts';
import { RevealCredentials } from './reveal-credentials.tsx';
import { useRights } from '@/console/api/person-session';
import { PermissionNote } from '@/console/components/permission-note';
import { may } from '@/console/domain/permissions';
import { AnchorLink } from '@/console/components/links';
// The list's contract code comes with the page's code, which the entry starts loading at boot
// (main.tsx): the list's request then never waits for it (docs/decisions/0017).
import '@/contract/operations/list-child-centers';

interface HeaderProps {
  providerId: number;
  centreId: number;
  /** More about the centre, inside the header (its contract, from another feature). */
  facts?: ReactNode;
  /** The centre's tabs and the current one, below the header. */
  children?: ReactNode;
}

/**
 * The header of a centre's page (name, country, city, id, the credentials action) above its tabs.
 * A parent sees its child from the list it already holds (the same query the list and the route
 * loader use) with the parent-only actions; a child signed in with its own credentials (the list
 * answers 403, D3) sees its own page without them.
 */
export function CentreHeader({ providerId, centreId, facts, children }: HeaderProps) {
  // The login's own page: whether it is a centre's own login is the child list's answer (the
  // shell then offers nothing built on that list, D3).
  useQuery({ ...childCentersQueryOptions(providerId), retry: false, retryOnMount: false });
  return centreId === providerId ? (
    <CentreView providerId={providerId} centreId={centreId} centre={undefined} facts={facts}>
      {children}
    </CentreView>
  ) : (
    <ChildCentreHeader providerId={providerId} centreId={centreId} facts={facts}>
      {children}
    </ChildCentreHeader>
  );
}

function ChildCentreHeader({ providerId, centreId, facts, children }: HeaderProps) {
  const { data } = useSuspenseQuery(childCentersQueryOptions(providerId));
  const centre = data.data.find((item) => item.id === centreId);
  return (
    <CentreView providerId={providerId} centreId={centreId} centre={centre} facts={facts}>
      {children}
    </CentreView>
  );
}

function CentreView({
  providerId,
  centreId,
  centre,
  facts,
  children,
}: HeaderProps & {
  /** Undefined when signed in as the centre itself: a child cannot read the parent's list (D3). */
  centre: ChildListItem | undefined;
}) {
  const { t, countryName } = useI18n();
  const own = centreId === providerId;
  const rights = useRights();
  // A centre's own login cannot read its name (D3): the one this browser showed credentials for.
  const title =
    centre?.name ??
    (own ? rememberedCentreName(centreId) : undefined) ??
    t('centre.title', { id: String(centreId) });
  usePageTitle(title);
  return (
    <Stack gap="md">
      {own ? null : (
        <Text size="sm">
          <AnchorLink to="/centres">{t('centre.back')}</AnchorLink>
        </Text>
      )}
      <Paper withBorder p="lg">
        <Stack gap="sm">
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {title}
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
          {facts}
          {centre && !own ? (
            <Group>
              {may(rights, 'credentials.reveal') ? (
                <RevealCredentials providerId={providerId} centreId={centreId} name={centre.name} />
              ) : (
                <PermissionNote rights={rights} permission="credentials.reveal" />
              )}
            </Group>
          ) : null}
        </Stack>
      </Paper>
      {children}
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
