// A Vite build step (issue 48 item 2): for each screen's URL, the modules and styles its route needs
// beyond what index.html already loads, read from the build's manifest, written beside it as
// `.vite/route-preloads.json` (never served). The proxy's site feature can put them into a screen's
// HTML as `<link rel="modulepreload">` and `<link rel="stylesheet">`, so that the browser fetches them
// with the entry rather than one step after another as each route chunk is parsed.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** The manifest's shape, as much as is read here (Vite's `build.manifest`). */
export type Manifest = Record<
  string,
  {
    file: string;
    src?: string;
    isEntry?: boolean;
    imports?: string[];
    dynamicImports?: string[];
    css?: string[];
  }
>;

export interface RoutePreload {
  /** The route's path as the router writes it (`/centres/$centreId/licences`). */
  path: string;
  /** A pattern for a request's path (params are one segment; a trailing slash is allowed). */
  pattern: string;
  /** Module URLs to preload, in the order the route needs them (layouts first). */
  modules: string[];
  /**
   * Style sheets the route's chunks bring, and those of the parts it loads lazily (a dialog, the CSV
   * import): a screen rendered into its page may show one of those at once, and must paint styled.
   */
  styles: string[];
}

export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

const ROUTES = 'src/console/routes/';

/** A route file's URL path, or undefined for what is no page of its own (the root, a splat). */
export function routePathOf(file: string): string | undefined {
  const segments = file.replace(/\.tsx$/, '').split('/');
  if (segments.some((segment) => segment === '__root' || segment === '$')) return undefined;
  const kept = segments.filter((segment) => !segment.startsWith('_') && segment !== 'index');
  return `/${kept.join('/')}`;
}

/** The route files (relative to the routes folder) whose chunks a route's page loads, outer first. */
function chainOf(file: string, routeFiles: ReadonlySet<string>): string[] {
  const segments = file.replace(/\.tsx$/, '').split('/');
  const chain: string[] = [];
  for (let length = 1; length <= segments.length; length += 1) {
    const candidate = `${segments.slice(0, length).join('/')}.tsx`;
    if (routeFiles.has(candidate)) chain.push(candidate);
  }
  return chain;
}

/** What a lazy chunk adds to the page: its component and loader, not its error or 404 screens. */
const loadedSplit = /\?tsr-split=(component|loader)$/;

export function routePreloads(manifest: Manifest): RoutePreload[] {
  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? []) closure(imported, seen);
    return seen;
  };
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const entry = entryKey ? closure(entryKey) : new Set<string>();
  const entryStyles = new Set([...entry].flatMap((key) => manifest[key]?.css ?? []));
  // The parts these chunks import lazily, and what those import; another route's chunk is not one.
  const lazyParts = (keys: Iterable<string>, lazy = new Set<string>()): Set<string> => {
    for (const key of keys)
      for (const imported of manifest[key]?.dynamicImports ?? [])
        if (!imported.startsWith(ROUTES) && !lazy.has(imported)) {
          for (const each of closure(imported)) lazy.add(each);
          lazyParts([imported], lazy);
        }
    return lazy;
  };
  // A route's own module may load a part from the entry (the doctors' registration loads its
  // workspace, and that its CSV import): any signed-in screen may show those, the login none.
  const entryLazy = lazyParts(entry);
  const routeFiles = new Set(
    Object.keys(manifest)
      .filter((key) => key.startsWith(ROUTES))
      .map((key) => key.slice(ROUTES.length).replace(/\?.*$/, '')),
  );
  const out: RoutePreload[] = [];
  for (const file of routeFiles) {
    const routePath = routePathOf(file);
    // A layout (`centres/$centreId.tsx` beside `centres/$centreId/`) is no page of its own.
    const layout = [...routeFiles].some((other) => other.startsWith(file.replace(/\.tsx$/, '/')));
    if (routePath === undefined || layout) continue;
    const keys = new Set<string>();
    for (const link of chainOf(file, routeFiles))
      for (const key of Object.keys(manifest))
        if (key.startsWith(`${ROUTES}${link}?`) && loadedSplit.test(key)) closure(key, keys);
    const added = [...keys].filter((key) => !entry.has(key));
    const modules = [...new Set(added.map((key) => `/${manifest[key]?.file}`))].filter((url) =>
      url.endsWith('.js'),
    );
    const lazy = lazyParts(added);
    const shown = [...added, ...lazy, ...(file.startsWith('_auth/') ? entryLazy : [])];
    const styles = [...new Set(shown.flatMap((key) => manifest[key]?.css ?? []))]
      .filter((css) => !entryStyles.has(css))
      .map((css) => `/${css}`);
    const pattern = `^${routePath.replace(/\$[A-Za-z]+/g, '[^/]+').replace(/\//g, '\\/')}\\/?$`;
    out.push({ path: routePath, pattern, modules, styles });
  }
  // The most specific first: a literal path before one with params, longer before shorter.
  return out.sort(
    (a, b) =>
      Number(a.path.includes('$')) - Number(b.path.includes('$')) ||
      b.path.length - a.path.length ||
      a.path.localeCompare(b.path),
  );
}

/** Writes `.vite/route-preloads.json` beside the manifest once the bundle is on disk. */
export function routePreloadsPlugin(): Plugin {
  let outDir = 'dist';
  return {
    name: 'provider-console:route-preloads',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      // The server render's own build (prerender.ts) writes no manifest: nothing to list there.
      const manifestPath = path.join(outDir, '.vite/manifest.json');
      if (!existsSync(manifestPath)) return;
      const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
      writeFileSync(
        path.join(outDir, ROUTE_PRELOADS_FILE),
        `${JSON.stringify({ version: 1, routes: routePreloads(manifest) }, null, 2)}\n`,
      );
    },
  };
}
