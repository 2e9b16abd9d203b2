import { createFileRoute, notFound, type NotFoundRouteProps } from '@tanstack/react-router';
import { centreQueryOptions } from '@/console/api/get-centre';
import { childCentersQueryOptions } from '@/console/api/list-child-centers';
import { rethrowOrOpenOwnCentre } from '@/console/app/own-centre';
import { screenRule } from '@/console/app/screen-rules';
import { UnavailableHere } from '@/console/components/feedback';
import { PageNotFound } from '@/console/components/page-not-found';
import { NotForYourRole } from '@/console/components/permission-note';
import { RouteError } from '@/console/components/route-error';
import { CentreNotFound } from '@/console/features/centres/centre-not-found';
import { CentresSkeleton } from '@/console/features/centres/centres-skeleton';
import { missing } from '@/console/domain/permissions';
import type { Permission } from '@/proxy-api/permissions';
import { means } from '@/console/lib/error-message';
import type { EnvironmentKind } from '@/proxy-api/console';

type Refusal =
  | { reason: 'unavailable'; environment: EnvironmentKind }
  | { reason: 'forbidden'; permission: Permission }
  | { reason: 'not-a-centre' };
const refuse = (data: Refusal) => notFound({ data });

// Every screen of the signed-in console, under one rule, checked once before any of them loads
// (app/screen-rules.ts): the environment offers what the screen needs (D3, from the navigation's
// and the tabs' own tables), a centre in the address is the login's own or one of its children,
// and a centre's own login, which cannot read a parent's child list (403, D3), opens its own page
// instead of a screen built on that list. A refusal shows inside the shell; the screens' loaders
// then only load.
export const Route = createFileRoute('/_auth/_screens')({
  beforeLoad: async ({ context, matches }) => {
    const { queryClient, session, environment } = context;
    const rule = screenRule(matches, environment.operations, session.providerId, session);
    if (rule.kind === 'unavailable') throw refuse({ reason: 'unavailable', environment: environment.kind });
    if (rule.kind === 'forbidden') throw refuse({ reason: 'forbidden', permission: rule.permission });
    if (rule.kind === 'open' || (rule.kind === 'centre' && rule.own)) return;
    // docs/decisions/0025: a stored connection's overview draws from the watcher's snapshots, which
    // only a parent's login has. Its loader reads them and, with none, makes this check itself, so
    // that the screen's chunks load while the snapshots are read rather than after them.
    if (rule.kind === 'child-list' && rule.snapshots && session.connection !== undefined) return;
    // A centre's page asks the proxy for that one centre (docs/decisions/0024), never the whole
    // list; one not among the login's centres is a 404 there.
    await (
      rule.kind === 'centre'
        ? queryClient.ensureQueryData(centreQueryOptions(session.providerId, rule.centreId))
        : queryClient.ensureQueryData(childCentersQueryOptions(session.providerId))
    ).catch((error: unknown) => {
      if (means(error, 'not-found')) throw refuse({ reason: 'not-a-centre' });
      rethrowOrOpenOwnCentre(error, session.providerId);
    });
  },
  // The centres' skeleton: already in the entry, where pending components ship.
  pendingComponent: CentresSkeleton,
  errorComponent: RouteError,
  notFoundComponent: Refused,
});

function Refused({ data }: NotFoundRouteProps) {
  const { session } = Route.useRouteContext();
  const refusal = data as Refusal | undefined;
  if (refusal?.reason === 'unavailable') return <UnavailableHere environment={refusal.environment} />;
  const why = refusal?.reason === 'forbidden' ? missing(session, refusal.permission) : undefined;
  if (why) return <NotForYourRole why={why} />;
  if (refusal?.reason === 'not-a-centre') return <CentreNotFound />;
  return <PageNotFound />;
}
