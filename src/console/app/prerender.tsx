// Markup rendered at build time (tools/build/prerender.ts) so that a page paints from its HTML
// alone, before any script has run (docs/decisions/0017): the login screen, and the frame of the
// signed-in screens (the shell without who is signed in, which only the session tells). Never
// imported by the console's entry: only the build's server-side render loads it.
import { ColorSchemeScript, MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { cssVariablesResolver, theme } from '@/console/app/theme';
import { Shell } from '@/console/components/shell';
import { LoginScreen } from '@/console/features/auth/login-screen';
import { activateLanguage, createI18n, I18nProvider, loadArea, type Language } from '@/console/lib/i18n';
import { CAPTURE_PRESSES } from '@/console/lib/prerendered';
import type { Environment } from '@/proxy-api/console';
import type { ReactNode } from 'react';

export interface Prerendered {
  /** What goes inside `<div id="root">`. */
  markup: string;
  /**
   * What goes into `<head>`: Mantine's script that sets the colour scheme before the first paint
   * (the remembered choice, else the system's), so that a dark page never flashes light; and the
   * one that notes a press made before the console took over (lib/prerendered.ts).
   */
  head: string;
  /** The page's title in that language, as the screen sets it once running. */
  title: string;
}

/**
 * The login screen as the console first renders it for these environments, in `language`. Mantine's
 * theme variables come with it (a `<style>` carrying `nonce`, the proxy's per-response placeholder):
 * the provider writes them at run time (docs/decisions/0007), so a page painted before any script
 * needs them in its markup.
 */
export async function prerenderLogin(
  language: Language,
  environments: Environment[],
  nonce: string,
): Promise<Prerendered> {
  const { t } = await inLanguage(language);
  const markup = render(nonce, language, <LoginScreen environments={environments} onLoggedIn={() => {}} />);
  const head =
    renderToString(<ColorSchemeScript defaultColorScheme="auto" nonce={nonce} />) + pressCapture(nonce);
  return {
    markup,
    head,
    title: `${t('login.pageTitle')} · ${t('app.name')}`,
  };
}

/**
 * The frame every signed-in screen appears in (header, navigation, an empty main area), without the
 * environment, the identity or the navigation's entries, which the session brings. Served to a
 * browser that holds a session, so that the header paints from the HTML; the console replaces it
 * with the complete screen in one commit, nothing moving (the frame lays out as the shell does).
 */
export async function prerenderShellFrame(language: Language, nonce: string): Promise<Prerendered> {
  // The frame's words are the shell area's (lib/i18n AREAS), not the entry's.
  await loadArea('shell');
  const { t } = await inLanguage(language);
  const markup = render(nonce, language, <Shell nav={null}>{null}</Shell>);
  const head = renderToString(<ColorSchemeScript defaultColorScheme="auto" nonce={nonce} />);
  return { markup, head, title: t('app.name') };
}

/**
 * The script that notes a press made before the console took over (lib/prerendered.ts): the login's
 * head, and the overview's page, whose first screen the proxy renders (tools/build/prerender.ts).
 */
export function pressCapture(nonce: string): string {
  return `<script nonce="${nonce}">${CAPTURE_PRESSES}</script>`;
}

async function inLanguage(language: Language) {
  await activateLanguage(language);
  return createI18n(language);
}

interface RenderOptions {
  queryClient?: QueryClient;
  timeZone?: string | undefined;
}

/** A screen in the console's providers, as app.tsx has them. */
function inProviders(
  nonce: string,
  language: Language,
  screen: ReactNode,
  { queryClient = new QueryClient(), timeZone }: RenderOptions,
) {
  return (
    <MantineProvider
      theme={theme}
      defaultColorScheme="auto"
      cssVariablesResolver={cssVariablesResolver}
      deduplicateCssVariables={false}
      getStyleNonce={() => nonce}
    >
      <I18nProvider initial={language} timeZone={timeZone}>
        <QueryClientProvider client={queryClient}>{screen}</QueryClientProvider>
      </I18nProvider>
    </MantineProvider>
  );
}

/** A screen as markup the CSP lets paint, in the console's providers (also first-screen.tsx's). */
export function render(
  nonce: string,
  language: Language,
  screen: ReactNode,
  options: RenderOptions = {},
): string {
  return withoutStyleAttributes(renderToString(inProviders(nonce, language, screen, options)), nonce);
}

/**
 * The same, once every part that suspends (a lazy component, a suspending query) has arrived: the
 * page is hydrated (server-render.tsx), and a boundary left to the browser would be thrown away
 * and rendered again there. Rejects if any part fails.
 */
export async function renderComplete(
  nonce: string,
  language: Language,
  screen: ReactNode,
  options: RenderOptions = {},
): Promise<string> {
  let failure: unknown;
  const { prelude } = await prerender(inProviders(nonce, language, screen, options), {
    // Every boundary in place, none sent apart to be moved in by an inline script (which the CSP
    // would refuse, and hydration would not find where React expects it).
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError: (error) => {
      failure ??= error;
    },
  });
  const markup = await new Response(prelude).text();
  if (failure !== undefined) throw failure;
  return withoutStyleAttributes(markup, nonce);
}

const entities: Record<string, string> = {
  '&amp;': '&',
  '&quot;': '"',
  '&#x27;': "'",
  '&lt;': '<',
  '&gt;': '>',
};

/**
 * The CSP allows no inline `style` attribute (docs/decisions/0005: no 'unsafe-inline'), and a page
 * parsed from HTML would lose every one Mantine writes (its sizes and spacing are CSS variables set
 * there). Each distinct attribute becomes a rule in one `<style>` carrying the nonce instead, as
 * strong as the attribute was (`!important` over any class). React sets the same styles through the
 * DOM once it renders, which the CSP allows.
 */
export function withoutStyleAttributes(markup: string, nonce: string): string {
  const rules = new Map<string, number>();
  const body = markup.replace(/ style="([^"]*)"/g, (_, escaped: string) => {
    const style = escaped.replace(/&(amp|quot|#x27|lt|gt);/g, (entity) => entities[entity] ?? entity);
    let id = rules.get(style);
    if (id === undefined) {
      id = rules.size;
      rules.set(style, id);
    }
    return ` data-ps="${id}"`;
  });
  const css = [...rules]
    .map(([style, id]) => {
      const declarations = style
        .split(';')
        .filter((declaration) => declaration.trim() !== '')
        .map((declaration) => `${declaration} !important`)
        .join(';');
      return `[data-ps="${id}"]{${declarations}}`;
    })
    .join('')
    .replaceAll('<', '\\3c ');
  return `<style nonce="${nonce}">${css}</style>${body}`;
}
