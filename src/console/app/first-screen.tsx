// The overview rendered by the proxy when the page is asked for (issue 26, docs/decisions/0025
// "Rendered into the HTML"): for a person whose connection the watcher keeps, the first
// rows, the counts and the filters are in the signed-in frame's HTML, and paint before any script
// has run. The same components and rules as the console's screen render it, from the same answer
// the console then reads (`GET /watch/centres`), so the console replaces it in one commit with
// the same screen (main.tsx, lib/prerendered.ts). Built for the server only (tools/build/
// prerender.ts, `dist/server/`); never imported by the console's entry.
import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, RouterContextProvider } from '@tanstack/react-router';
import { serviceClockQueryOptions } from '@/console/api/service-clock';
import { watchedCentresQueryOptions } from '@/console/api/watch';
import { render } from '@/console/app/prerender';
import { createAppRouter } from '@/console/app/router';
import { Shell } from '@/console/components/shell';
import { OverviewScreen } from '@/console/features/overview/overview-screen';
import { overviewSearchSchema } from '@/console/features/overview/search';
import { inTurn } from '@/console/app/server-queue';
import { activateLanguage } from '@/console/lib/i18n';
import type { FirstScreenRequest, RenderOverview } from '@/proxy-api/first-screen';
import { watchedCentresSchema } from '@/proxy-api/watch';

export const renderOverview: RenderOverview = (request) => inTurn(() => renderOne(request));

async function renderOne(request: FirstScreenRequest): Promise<string | undefined> {
  const watched = watchedCentresSchema.parse(JSON.parse(request.answer));
  if (watched.centres.length === 0) return undefined;
  await activateLanguage(request.language);
  const queryClient = new QueryClient();
  queryClient.setQueryData(watchedCentresQueryOptions().queryKey, watched);
  queryClient.setQueryData(serviceClockQueryOptions(request.environment).queryKey, request.now);
  // The screen's links need a router; nothing is loaded through it.
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [request.url] }));
  const search = overviewSearchSchema.parse(router.state.location.search);
  return render(
    request.nonce,
    request.language,
    <RouterContextProvider router={router}>
      <Shell nav={null}>
        <OverviewScreen
          providerId={request.providerId}
          environment={request.environment}
          hasConnection
          search={search}
          onSearchChange={() => {}}
        />
      </Shell>
    </RouterContextProvider>,
    { queryClient, timeZone: request.timeZone },
  );
}
