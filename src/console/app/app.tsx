import '@/console/app/styles';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { useState } from 'react';
import { createQueryClient } from '@/console/app/query-client';
import { createAppRouter } from '@/console/app/router';
import { cssVariablesResolver, theme } from '@/console/app/theme';
import { readCspNonce } from '@/console/lib/csp-nonce';
import { I18nProvider } from '@/console/lib/i18n';

// The proxy's per-response CSP nonce, for Mantine's runtime <style> tags (no 'unsafe-inline').
const styleNonce = readCspNonce();

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => createAppRouter(queryClient));
  return (
    <MantineProvider
      theme={theme}
      defaultColorScheme="auto"
      cssVariablesResolver={cssVariablesResolver}
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
