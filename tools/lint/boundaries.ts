// The architecture's import boundaries as an oxlint rule (see docs/decisions/0002-lint-and-format.md).
// Each import is resolved to a path in the repository (relative specifiers and the `@/` alias) or
// read as a package name, then checked against the zones below. oxlint loads it through Node
// (type stripping), so it needs no build step.
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const consoleDir = 'src/console';
const uiPackages = /^(react|react-dom|@mantine\/|@tanstack\/|react-hook-form|@hookform\/)/;

const inside = (rel: string, dir: string) => rel === dir || rel.startsWith(`${dir}/`);
// The one module that imports Mantine's stylesheets, in Mantine's order (see its comment).
const stylesModule = 'src/console/app/styles.ts';
const mantineStylesheet = /^@mantine\/[^/]+\/styles(\.css|\.layer\.css|\/)/;
// The console's code that may start the simulator: the test harness. Screens talk to the proxy's
// surface and never to the simulator itself.
const simulatorHosts = ['src/console/testing'];
// The proxy's in-browser host (docs/decisions/0012), and the one console module allowed each: the
// entry starts the demo worker (development only, behind import.meta.env.DEV), the test harness
// runs the proxy's app over the simulator. Nothing else of the console sees src/proxy.
const proxyBrowserHosts: Record<string, string> = {
  'src/console/main.tsx': 'src/proxy/hosts/browser-worker',
  'src/console/testing/simulator-console.ts': 'src/proxy/hosts/browser',
};
const featureOf = (rel: string) => /^src\/console\/features\/([^/]+)/.exec(rel)?.[1];
// The console's domain layer: a centre's rules as pure functions of the service's answers.
const domainDir = 'src/console/domain';
const isTest = (rel: string) => /\.test\.tsx?$/.test(rel);
// The console↔proxy API: the proxy's own routes as both sides read them (not the upstream's contract).
const proxyApiDir = 'src/proxy-api';
const contractPackage = (pkg: string) =>
  pkg === 'zod' || pkg.startsWith('zod/') || pkg.startsWith('vitest') || pkg === 'fast-check';

// The proxy's shape (docs/architecture.md): a small core under one folder per feature, composed at
// the root (main.ts, app.ts, config.ts). Its tests and testing kit may reach anything.
const proxyCore = 'src/proxy/core';
const proxyFeatureOf = (rel: string) => /^src\/proxy\/features\/([^/]+)/.exec(rel)?.[1];
// The composition: the root's files and start/, which builds the app from the features.
const isProxyRoot = (rel: string) => /^src\/proxy\/[^/]+$/.test(rel) || inside(rel, 'src/proxy/start');
const isConfiguration = (rel: string) =>
  inside(rel, `${proxyCore}/config`) || /^src\/proxy\/features\/[^/]+\/config(\.ts)?$/.test(rel);

export function proxyZone(from: string, to: string | undefined): string | undefined {
  if (!to || isTest(from) || inside(from, 'src/proxy/testing')) return undefined;
  const toFeature = proxyFeatureOf(to);
  if (isConfiguration(from) && toFeature && toFeature !== proxyFeatureOf(from))
    return "configuration imports no feature: each feature's slice is read by the root's config.ts";
  if (inside(from, proxyCore) && (toFeature || isProxyRoot(to)))
    return 'the core imports no feature and not the composition: features are built on the core, not the reverse';
  const fromFeature = proxyFeatureOf(from);
  if (fromFeature && isProxyRoot(to))
    return 'a feature does not import the composition (main.ts, app.ts, config.ts): it is given what it uses';
  if (
    fromFeature &&
    toFeature &&
    toFeature !== fromFeature &&
    !/^src\/proxy\/features\/[^/]+\/index(\.ts)?$/.test(to)
  )
    return `a feature imports another only through its public index.ts (${fromFeature} → ${toFeature})`;
  return undefined;
}

/** An import's target: a repository-relative path, or a package name. */
export type ImportTarget = { path: string; pkg?: undefined } | { pkg: string; path?: undefined };

/** Why an import from `from` (a repository-relative path) to `target` is refused, if it is. */
export function violation(from: string, target: ImportTarget): string | undefined {
  const to = target.path;
  const pkg = target.pkg;
  if (inside(from, 'src/simulator')) {
    if (to && inside(to, 'src') && !inside(to, 'src/simulator'))
      return 'the simulator imports nothing from the rest of src: it is an independent reading of the spec';
    // Its tests check answers against the generated document (docs/decisions/0009): they read the
    // document as data and use the generic response check, never the contract behind it.
    if (to && inside(to, 'tools') && to.replace(/\.ts$/, '') !== 'tools/openapi/response-check')
      return 'of tools, the simulator uses only the generic response check (tools/openapi/response-check.ts)';
    if (pkg && uiPackages.test(pkg)) return 'the simulator has no UI dependencies';
  }
  if (inside(from, 'src/contract')) {
    if (to && inside(to, 'src') && !inside(to, 'src/contract'))
      return 'the contract is the bottom layer: it imports nothing else from src';
    if (pkg && !contractPackage(pkg))
      return 'the contract depends only on zod, so it runs in the browser and in Node alike';
  }
  if (inside(from, proxyApiDir)) {
    if (to && inside(to, 'src') && !inside(to, proxyApiDir) && !inside(to, 'src/contract'))
      return "the proxy's API (src/proxy-api) imports only itself and the upstream contract: console and proxy both read it";
    if (pkg && !contractPackage(pkg))
      return "the proxy's API depends only on zod, so it runs in the browser and in Node alike";
  }
  if (inside(from, 'src/proxy')) {
    if (to && inside(to, consoleDir)) return 'the proxy never imports console code';
    if (pkg && uiPackages.test(pkg)) return 'the proxy has no UI dependencies';
    const why = proxyZone(from, to);
    if (why) return why;
  }
  if (
    !inside(from, 'src/proxy') &&
    to &&
    inside(to, 'src/proxy') &&
    !inside(from, 'scripts') &&
    // The journeys start proxies, Redis and ports with the one test kit the unit tests use.
    !(inside(from, 'e2e') && inside(to, 'src/proxy/testing')) &&
    proxyBrowserHosts[from] !== to.replace(/\.ts$/, '')
  )
    return 'only the proxy (and scripts) may import src/proxy: the browser never sees it (the console entry and its test harness reach only the in-browser host, docs/decisions/0012)';
  if (pkg && mantineStylesheet.test(pkg) && from !== stylesModule)
    return `Mantine stylesheets are imported only by ${stylesModule}, in Mantine's order: one imported elsewhere (a lazy chunk) arrives late and overrides what it depends on`;
  if (
    inside(from, consoleDir) &&
    to &&
    inside(to, 'src/simulator') &&
    !simulatorHosts.some((host) => inside(from, host))
  )
    return 'console code talks to the proxy, never to the simulator (only the entry and the test harness start it)';
  if (inside(from, domainDir)) {
    // Its tests read wire bodies through the contract, as the console does (console/testing).
    const allowed = [
      domainDir,
      'src/contract',
      proxyApiDir,
      ...(isTest(from) ? ['src/console/testing'] : []),
    ];
    if (to && !allowed.some((dir) => inside(to, dir)))
      return 'the domain imports only itself and the contracts: no feature, screen, React or query code, so its rules stay pure and are tested without them';
    if (pkg && !(isTest(from) && pkg === 'vitest'))
      return 'the domain depends on no package (no React, no query or UI library): its rules are plain functions';
  }
  const ownFeature = featureOf(from);
  const otherFeature = to ? featureOf(to) : undefined;
  if (ownFeature && otherFeature && otherFeature !== ownFeature)
    return `features do not import each other (${ownFeature} → ${otherFeature}): move shared code to src/console/components, src/console/lib or src/console/api`;
  if (
    (inside(from, 'src/console/components') || inside(from, 'src/console/lib')) &&
    to &&
    (inside(to, 'src/console/features') || inside(to, 'src/console/routes') || inside(to, 'src/console/app'))
  )
    return 'shared code (components, lib) does not depend on features, routes or the app';
  if (
    inside(from, 'src/console/features') &&
    to &&
    (inside(to, 'src/console/routes') || inside(to, 'src/console/app'))
  )
    return 'features do not import routes or the app: routes compose features, not the reverse';
  return undefined;
}

function resolveTarget(filename: string, specifier: string): ImportTarget {
  if (specifier.startsWith('.')) {
    return {
      path: path
        .relative(root, path.resolve(path.dirname(filename), specifier))
        .split(path.sep)
        .join('/'),
    };
  }
  if (specifier.startsWith('@/')) return { path: `src/${specifier.slice(2)}` };
  if (specifier.startsWith('/')) return { path: path.relative(root, specifier).split(path.sep).join('/') };
  return { pkg: specifier };
}

// The little of oxlint's (ESLint-compatible) plugin API this rule uses.
interface SourceNode {
  type: string;
  value?: unknown;
}
interface WithSource {
  source?: SourceNode | null;
}
interface RuleContext {
  filename: string;
  report(descriptor: { node: SourceNode; message: string }): void;
}

export default {
  meta: { name: 'boundaries' },
  rules: {
    zones: {
      meta: { type: 'problem', docs: { description: 'Keep imports inside the architecture zones' } },
      create(context: RuleContext) {
        const from = path.relative(root, context.filename).split(path.sep).join('/');
        const check = (source: SourceNode | null | undefined) => {
          if (source?.type !== 'Literal' || typeof source.value !== 'string') return;
          const why = violation(from, resolveTarget(context.filename, source.value));
          if (why)
            context.report({
              node: source,
              message: `Import of '${source.value}' crosses a boundary: ${why}.`,
            });
        };
        return {
          ImportDeclaration: (node: WithSource) => check(node.source),
          ExportNamedDeclaration: (node: WithSource) => check(node.source),
          ExportAllDeclaration: (node: WithSource) => check(node.source),
          ImportExpression: (node: WithSource) => check(node.source),
        };
      },
    },
  },
};
