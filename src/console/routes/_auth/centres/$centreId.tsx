import { createFileRoute, notFound } from '@tanstack/react-router';
import { RouteError } from '@/console/components/route-error';
import { CentrePage } from '@/console/features/centres/centre-page';
import { CentresSkeleton } from '@/console/features/centres/centres-skeleton';
import { CentresUnavailable } from '@/console/features/centres/centres-unavailable';

export const Route = createFileRoute('/_auth/centres/$centreId')({
  params: {
    // A positive decimal id or nothing: anything else is a 404, not a request upstream.
    parse: (raw) => {
      if (!/^[1-9]\d{0,15}$/.test(raw.centreId)) throw notFound();
      return { centreId: Number(raw.centreId) };
    },
    stringify: ({ centreId }) => ({ centreId: String(centreId) }),
  },
  loader: async ({ context, params }) => {
    const { queryClient, session, environment } = context;
    if (!environment.operations.includes('listChildCenters')) return { available: false, centre: undefined };
    // Signed in as the centre itself: a child cannot read its parent's list (D3).
    if (params.centreId === session.providerId) return { available: true, centre: undefined };
    const { childCentersQueryOptions } = await import('@/console/features/centres/api');
    const list = await queryClient.ensureQueryData(childCentersQueryOptions(session.providerId));
    const centre = list.data.find((item) => item.id === params.centreId);
    if (!centre) throw new CentreNotFound();
    return { available: true, centre };
  },
  pendingComponent: CentresSkeleton,
  errorComponent: RouteError,
  component: CentreRoute,
});

class CentreNotFound extends Error {
  override readonly name = 'CentreNotFound';
}

function CentreRoute() {
  const { available, centre } = Route.useLoaderData();
  const { centreId } = Route.useParams();
  const { session, environment } = Route.useRouteContext();
  if (!available) return <CentresUnavailable environment={environment.label} />;
  return <CentrePage providerId={session.providerId} centreId={centreId} centre={centre} />;
}
