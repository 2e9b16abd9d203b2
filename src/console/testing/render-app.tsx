import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { createQueryClient } from '@/console/app/query-client';
import { createAppRouter } from '@/console/app/router';
import { theme } from '@/console/app/theme';
import { I18nProvider, type Language } from '@/console/lib/i18n';

/** The whole console at `url`, with Mantine in test mode (no transitions or portals). */
export function renderApp(url: string, options: { language?: Language } = {}) {
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [url] }));
  const view = render(
    <MantineProvider theme={theme} env="test">
      <I18nProvider initial={options.language ?? 'en'}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </I18nProvider>
    </MantineProvider>,
  );
  return { ...view, router, queryClient };
}
