import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { reportTemplatesQueryOptions } from '@/console/api/list-report-templates';
import { RouteError } from '@/console/components/route-error';
import {
  TEMPLATES_SEARCH_DEFAULTS,
  templatesRequest,
  templatesSearchSchema,
} from '@/console/features/templates/rules';
import { TemplatesScreen } from '@/console/features/templates/templates-screen';
import { loadArea } from '@/console/lib/i18n';
import { useSearchChange } from '@/console/lib/use-search-change';
import { DoctorPicker } from '@/console/features/templates/load-doctor-picker';

// The Templates tab of a centre's page: spec 4.9's three rules, paged, with a drawer (D9).
export const Route = createFileRoute('/_auth/_screens/centres/$centreId/templates')({
  validateSearch: templatesSearchSchema,
  search: { middlewares: [stripSearchParams(TEMPLATES_SEARCH_DEFAULTS)] },
  // The drawer's template is not a dependency: opening it asks nothing of the service.
  loaderDeps: ({ search }) => ({
    view: search.view,
    doctor: search.doctor,
    page: search.page,
    pageSize: search.pageSize,
  }),
  loader: async ({ context, params, deps }) => {
    const request = templatesRequest(params.centreId, deps);
    // The page is fetched ahead, not awaited: a loader that waited would hold the previous view
    // without marking it busy, and then swap the whole tab for its pending component. The screen
    // keeps the previous page on screen, marked busy, until this one arrives (lib/paging.ts), and
    // says itself what a failure means (an unknown doctor, a centre outside the login).
    if (request) void context.queryClient.prefetchQuery(reportTemplatesQueryOptions(request));
    await Promise.all([loadArea('templates'), DoctorPicker.preload()]);
  },
  errorComponent: RouteError,
  component: TemplatesRoute,
});

function TemplatesRoute() {
  const { centreId } = Route.useParams();
  return (
    <TemplatesScreen
      centreId={centreId}
      search={Route.useSearch()}
      onSearchChange={useSearchChange(Route.useNavigate())}
    />
  );
}
