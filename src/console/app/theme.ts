import { createTheme, type CSSVariablesResolver } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  // Mantine's default shade (6) gives links 3.55:1 on white; shade 8 passes WCAG AA.
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  components: {
    // The scroll lock injects a <style> tag without the proxy's CSP nonce (react-remove-scroll),
    // which the strict CSP blocks; the overlay already keeps the page behind out of reach.
    // A plain object, not Modal.extend: importing Modal here would put it in the entry chunk.
    Modal: { defaultProps: { lockScroll: false } },
    // The active entry keeps its tint under the pointer: Mantine's hover tint (blue 2 under the
    // entry's blue 9 words) measures 4.0:1, below WCAG AA; the resting tint measures 4.9:1.
    NavLink: { vars: () => ({ root: { '--nl-hover': 'var(--mantine-primary-color-light)' } }) },
  },
});

// "Dimmed" text (gray 6 on white, 3.3:1) fails WCAG AA contrast: one shade darker in each scheme.
// So does a field's error text and value (light red 6 on white 3.3:1, dark red 8 on dark 7 3.4:1):
// red 9 on white is 5.5:1, red 5 on the dark inputs (dark 6) 4.9:1.
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-error': 'var(--mantine-color-red-5)',
  },
});
