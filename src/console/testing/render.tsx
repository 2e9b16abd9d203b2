import { MantineProvider } from '@mantine/core';
import { render as testingLibraryRender } from '@testing-library/react';
import type { ReactElement } from 'react';
import { theme } from '@/console/app/theme';

/** Renders with Mantine in test mode: no transitions and no portals (mantinedev/vite-template). */
export function render(ui: ReactElement) {
  return testingLibraryRender(ui, {
    wrapper: ({ children }) => (
      <MantineProvider theme={theme} env="test">
        {children}
      </MantineProvider>
    ),
  });
}
