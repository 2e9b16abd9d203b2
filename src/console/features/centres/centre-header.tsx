import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { centreQueryOptions, ownCentreNameQueryOptions } from '@/console/api/get-centre';
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
// The centre read's contract code comes with the page's code, which the entry starts loading at
// boot (main.tsx): its request then never waits for it (docs/decisions/0017).
import '@/proxy-api/centres';

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
 * A parent sees its child from the proxy's one small answer for that centre (the same query the
 * route's guard awaited, docs/decisions/0024) with the parent-only actions; a child signed in with
 * its own credentials (the service answers 403, D3) sees its own page without them.
 */
export function CentreHeader({ providerId, centreId, facts, children }: HeaderProps) {
  // The login's own page: whether it is a centre's own login is the child list's answer (the
  // shell then offers nothing built on that list, D3). A centre's own login gets a 403 at once; a
  // parent on its own page reads its list whole, as before (docs/decisions/0024).
  const list = useQuery({
    ...childCentersQueryOptions(providerId),
    enabled: centreId === providerId,
    retry: false,
    retryOnMount: false,
  });
  // A centre's own login (the list refused, D3) asks the proxy for its name instead.
  const ownName = useQuery({
    ...ownCentreNameQueryOptions(providerId),
    enabled: centreId === providerId && list.isError,
    retry: false,
  });
  return centreId === providerId ? (
    <CentreView
      providerId={providerId}
      centreId={centreId}
      centre={undefined}
      ownName={list.isError ? ownName.data : undefined}
      facts={facts}
    >
      {children}
    </CentreView>
  ) : (
    <ChildCentreHeader providerId={providerId} centreId={centreId} facts={facts}>
      {children}
    </ChildCentreHeader>
  );
}

function ChildCentreHeader({ providerId, centreId, facts, children }: HeaderProps) {
  const { data: centre } = useSuspenseQuery(centreQueryOptions(providerId, centreId));
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
  ownName,
  facts,
  children,
}: HeaderProps & {
  /** A centre's own login's name from the proxy (null or absent when it never saw it). */
  ownName?: string | null;
  /** Undefined when signed in as the centre itself: a child cannot read the parent's list (D3). */
  centre: ChildListItem | undefined;
}) {
  const { t, countryName } = useI18n();
  const own = centreId === providerId;
  const rights = useRights();
  // A centre's own login cannot read its name (D3): the one this browser showed credentials for.
  const title =
    centre?.name ??
    ownName ??
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
