import { Button, Group } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams, useRouter } from '@tanstack/react-router';
import { sessionQueryOptions } from '@/console/api/session';
import { useSwitchConnection } from '@/console/api/person-session';
import { unwrap } from '@/contract/result';
import { proxyClient } from '@/console/api/client';
import { NotFoundPanel } from '@/console/components/feedback';
import { useI18n } from '@/console/lib/i18n';
import { usePageTitle } from '@/console/lib/page-title';
import { ButtonLink } from '@/console/components/links';
import { findCentreConnections } from '@/proxy-api/centre-connections';

/**
 * A centre id that is not one of the signed-in provider's children (or not an id at all). A person
 * with other connections is told which of them holds it, and offered to switch to it there (a link
 * from another parent's alert, issue 47 item 4).
 */
export function CentreNotFound() {
  const { t } = useI18n();
  usePageTitle(t('centre.notInList'));
  const home = useCentreHome();
  return (
    <NotFoundPanel
      title={t('centre.notInList')}
      body={
        home.found ? t('centre.notInList.elsewhere', { label: home.found.label }) : t('centre.notInList.body')
      }
      action={
        <Group gap="sm">
          {home.found ? (
            <Button loading={home.switching} onClick={home.switchThere}>
              {t('centre.notInList.switch', { label: home.found.label })}
            </Button>
          ) : null}
          <ButtonLink to="/centres" variant={home.found ? 'default' : undefined}>
            {t('centre.back')}
          </ButtonLink>
        </Group>
      }
    />
  );
}

/** The person's other connection that lists the centre in the address, and switching to it. */
function useCentreHome() {
  const router = useRouter();
  const { centreId: raw } = useParams({ strict: false }) as { centreId?: string | number };
  const centreId = Number(raw);
  const session = useQuery(sessionQueryOptions()).data;
  const others = (session?.connections?.length ?? 0) > 1;
  const asked = useQuery({
    queryKey: ['watch', 'centre-connections', centreId],
    queryFn: async ({ signal }) =>
      unwrap(await findCentreConnections(proxyClient, centreId, { signal })).connections,
    enabled: others && Number.isSafeInteger(centreId) && centreId > 0,
    retry: false,
    staleTime: 60_000,
  });
  const switcher = useSwitchConnection();
  const found = asked.data?.[0];
  return {
    found,
    switching: switcher.isPending,
    switchThere: () => {
      if (!found) return;
      switcher.mutate(found.id, {
        // The same centre, now among the connection's own.
        onSuccess: () =>
          void router
            .navigate({ to: '/centres/$centreId', params: { centreId } })
            .then(() => router.invalidate()),
      });
    },
  };
}
