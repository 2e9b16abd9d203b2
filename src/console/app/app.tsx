import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { useState } from 'react';
import { createQueryClient } from '@/console/app/query-client';
import { createAppRouter, type AppRouter } from '@/console/app/router';
import { cssVariablesResolver, theme } from '@/console/app/theme';
import { readCspNonce } from '@/console/lib/csp-nonce';
import { I18nProvider } from '@/console/lib/i18n';

// The proxy's per-response CSP nonce, for Mantine's runtime <style> tags (no 'unsafe-inline').
const styleNonce = readCspNonce();

export interface AppProps {
  /** A router (with its query client) already loaded by the entry, when it must be (main.tsx). */
  prepared?: { queryClient: QueryClient; router: AppRouter } | undefined;
}

export function App({ prepared }: AppProps = {}) {
  const [queryClient] = useState(() => prepared?.queryClient ?? createQueryClient());
  const [router] = useState(() => prepared?.router ?? createAppRouter(queryClient));
  return (
    <MantineProvider
      theme={theme}
      defaultColorScheme="auto"
      cssVariablesResolver={cssVariablesResolver}
      // Every theme variable from the provider, none from a static stylesheet (app/styles.ts).
      deduplicateCssVariables={false}
      getStyleNonce={styleNonce === undefined ? undefined : () => styleNonce}
    >
      <I18nProvider>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </I18nProvider>
    </MantineProvider>
  );
}
