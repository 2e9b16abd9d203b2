// The modules a screen needs, listed in its page (issue 48 item 2, docs/decisions/0017 "Route
// preloads"): the build writes, for each screen's path, the chunks and style sheets its routes load
// beyond the entry (tools/build/route-preloads.ts, `.vite/route-preloads.json`); each page gets
// `<link rel="modulepreload">` for them with this response's nonce, so the browser fetches them
// beside the entry rather than one after another as each route's chunk is parsed.
// Pure, as routes.ts is (any host); the Node host reads the file (static-site.ts).
import { z } from 'zod';

/** What one screen loads beyond the entry (URLs under the site's root). */
export interface ScreenModules {
  modules: readonly string[];
  styles: readonly string[];
}

/** The build's list, by path; undefined for a path no screen has. */
export type RoutePreloads = (pathname: string) => ScreenModules | undefined;

/** Must equal tools/build/route-preloads.ts `ROUTE_PRELOADS_FILE`. */
export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

const asset = z.string().regex(/^\/assets\/[^"<>\s]+\.(js|css)$/);
const fileSchema = z.object({
  version: z.literal(1),
  routes: z.array(z.object({ pattern: z.string(), modules: z.array(asset), styles: z.array(asset) }).loose()),
});

/** The build's list (its JSON) as a lookup, the most specific route first, as written. */
export function routePreloadLookup(built: unknown): RoutePreloads {
  const { routes } = fileSchema.parse(built);
  const compiled = routes.map(({ pattern, modules, styles }) => ({
    pattern: new RegExp(pattern),
    modules,
    styles,
  }));
  return (pathname) => compiled.find((route) => route.pattern.test(pathname));
}

/**
 * A page that paints from its HTML (the prerendered login, the shell's frame, a rendered screen)
 * starts its entry only after its first paint (tools/build/prerender.ts): its route's modules start
 * then too, added by a script after the one that adds the entry, so they never compete with that
 * paint (Lighthouse counted 100 kB of preloads in the head against the frame's first paint).
 */
function afterFirstPaint(modules: readonly string[], styles: readonly string[], nonce: string): string {
  const load = `(function () {
  function add(rel, as, href) {
    var link = document.createElement('link');
    link.rel = rel;
    if (as) link.as = as;
    link.crossOrigin = '';
    link.href = href;
    document.head.appendChild(link);
  }
  requestAnimationFrame(function () {
    setTimeout(function () {
      ${JSON.stringify(modules)}.forEach(function (href) { add('modulepreload', '', href); });
      ${JSON.stringify(styles)}.forEach(function (href) { add('preload', 'style', href); });
    }, 0);
  });
})();`;
  return `<script nonce="${nonce}">${load}</script>`;
}

/** `<link>`s in the page's head, before `</head>`. */
function inHead(html: string, links: readonly string[]): string {
  const head = html.indexOf('</head>');
  return head < 0 || links.length === 0 ? html : `${html.slice(0, head)}${links.join('')}${html.slice(head)}`;
}

/**
 * The page with the screen's modules, each once: a URL the page already names (the entry's own
 * preloads, a frame's style sheets) is left out. In a page that loads its entry at once, as
 * `<link>`s before `</head>`: `crossorigin` as Vite writes its own (a module's request and its
 * preload must match to share one fetch), the nonce as every tag of the page carries it
 * (core/http/security-headers.ts). Style sheets are preloaded, not applied: the route's code applies
 * them when it runs, and a sheet in the head would hold the first paint back. In a page that paints
 * from its HTML, after that paint (`afterFirstPaint`); but a screen rendered into its page
 * (`rendered`: the overview, docs/decisions/0025, or any other, 0028) applies its own sheets from
 * the head, as it must paint styled,
 * and only its own (all of every screen's were eight blocking requests for one).
 */
export function withRoutePreloads(
  html: string,
  screen: ScreenModules | undefined,
  nonce: string,
  rendered = false,
): string {
  if (!screen) return html;
  const modules = screen.modules.filter((href) => !html.includes(`"${href}"`));
  const styles = screen.styles.filter((href) => !html.includes(`"${href}"`));
  if (modules.length === 0 && styles.length === 0) return html;
  if (!/<script type="module"[^>]*\ssrc=/.test(html)) {
    const sheets = rendered
      ? styles.map((href) => `<link rel="stylesheet" crossorigin href="${href}" nonce="${nonce}">`)
      : [];
    const page = inHead(html, sheets);
    const end = page.lastIndexOf('</body>');
    const script = afterFirstPaint(modules, rendered ? [] : styles, nonce);
    return end < 0 ? page : `${page.slice(0, end)}${script}${page.slice(end)}`;
  }
  const links = [
    ...modules.map((href) => `<link rel="modulepreload" crossorigin href="${href}" nonce="${nonce}">`),
    ...styles.map((href) => `<link rel="preload" as="style" crossorigin href="${href}" nonce="${nonce}">`),
  ];
  return inHead(html, links);
}
