import '@/app/styles';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { useState } from 'react';
import { createAppRouter } from '@/app/router';
import { theme } from '@/app/theme';
import { readCspNonce } from '@/lib/csp-nonce';

// The proxy's per-response CSP nonce, for Mantine's runtime <style> tags (no 'unsafe-inline').
const styleNonce = readCspNonce();

export function App() {
  const [queryClient] = useState(() => new QueryClient());
  const [router] = useState(() => createAppRouter(queryClient));
  return (
    <MantineProvider
      theme={theme}
      defaultColorScheme="auto"
      getStyleNonce={styleNonce === undefined ? undefined : () => styleNonce}
    >
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
