import { fileURLToPath } from 'node:url';
import { lingui } from '@lingui/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { msw } from 'msw/vite';
import { defineConfig } from 'vite';
import { precompressPlugin } from './tools/build/precompress.ts';
import { prerenderPlugin } from './tools/build/prerender.ts';
import { routePreloadsPlugin } from './tools/build/route-preloads.ts';

export default defineConfig({
  plugins: [
    // The router plugin must come before react(): it rewrites route files into lazy chunks.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './src/console/routes',
      generatedRouteTree: './src/console/routeTree.gen.ts',
      // Error components stay with the route tree (they are all the entry's RouteError): a screen
      // whose code cannot be fetched must still show the offline panel inside the shell, and a
      // split error component would fail to load exactly then.
      codeSplittingOptions: { defaultBehavior: [['component'], ['notFoundComponent']] },
    }),
    react(),
    // Compiles the console's catalogues (src/console/locales) when imported with `?lingui`; a
    // message missing from a language or one that does not parse fails the build.
    lingui({ failOnMissing: true, failOnCompileError: true }),
    // The in-browser demo's worker script (src/simulator/hosts/browser): served by the dev server
    // only, never emitted into a production build (no MSW in dist, checked by test:budget).
    { ...msw({ mode: 'worker-only' }), apply: 'serve' },
    // Build only: the login page's markup in its HTML, and brotli and gzip copies of every text
    // asset for the proxy to serve (docs/decisions/0017).
    prerenderPlugin(),
    precompressPlugin(),
    // Build only: each screen's modules and styles beyond the entry's, from the manifest, for the
    // proxy to list in the screen's HTML (issue 48 item 2).
    routePreloadsPlugin(),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  // The token proxy serves index.html with a strict CSP and replaces this placeholder with a fresh
  // nonce in every response (src/proxy/features/site/static-site.ts); Vite puts it on its tags and in
  // <meta property="csp-nonce">, where the console reads it for Mantine's <style> tags.
  html: { cspNonce: 'PROVIDER_CONSOLE_CSP_NONCE' },
  build: {
    target: 'es2023',
    // scripts/check-bundle-budget.ts reads the manifest to measure the entry and each route.
    manifest: true,
    rolldownOptions: {
      // `npm start` builds a stale console and promises one plain line (README): a module loaded
      // on use that the console also imports outright splits nothing, and says so on every build.
      // Such an import fails the build here, where it is made, rather than warning at each start.
      onLog(level, log, handler) {
        if (log.code === 'INEFFECTIVE_DYNAMIC_IMPORT') throw new Error(log.message);
        handler(level, log);
      },
      output: {
        codeSplitting: {
          // Rolldown ranks a negative `priority` above every positive one (as if unsigned, seen in
          // builds: the old sign-in group at -1 outranked the entry's). Highest first: zod's two
          // chunks, the entry's, the sign-in's, the forms', then what the screens share (issue 48
          // item 2, docs/decisions/0017 "Grouped chunks").
          groups: [
            // Full zod (the contract's schemas) is needed only after login; left to itself the
            // bundler shares it with a chunk the entry loads (budget: login entry ≤ 140 kB gzip).
            {
              name: 'zod-core',
              test: /[\\/]node_modules[\\/]zod[\\/]v4[\\/](core|mini|locales)[\\/]/,
              priority: 5,
            },
            { name: 'zod-classic', test: /[\\/]node_modules[\\/]zod[\\/]v4[\\/]classic[\\/]/, priority: 4 },
            // Everything the entry loads anyway, in one chunk. Left to itself the bundler splits the
            // modules the entry shares with lazy routes into a chunk per set of importers: each new
            // route re-cut them into more, smaller files (33 for the login page, about 3 kB gzip of
            // import/export glue and lost compression), measured in docs/decisions/0014.
            { name: 'initial', tags: ['$initial'], priority: 3 },
            // The sign-in screen and form with its password field and what they need beyond the
            // entry, in one chunk: the login page loads it and its route's own module, two files
            // (it was ten: the inputs, the title, the select each their own), and the signed-in
            // screens that share those inputs take them from here rather than from `screens`.
            {
              name: 'sign-in',
              test: /features[\\/]auth[\\/](login-screen|login-form|organisation-sign-in|demo-logins|login-fields|remembered-login)|@mantine[\\/]core[\\/].*[\\/]PasswordInput[\\/][^\\/]*\.mjs$/,
              priority: 2,
            },
            // Forms (react-hook-form and its resolvers, 16 kB gzip): only the screens and dialogs
            // that edit load them.
            {
              name: 'forms',
              test: /[\\/]node_modules[\\/](react-hook-form|@hookform)[\\/]|[\\/]src[\\/]console[\\/]components[\\/]form\.tsx$/,
              priority: 1,
              includeDependenciesRecursively: false,
            },
            // Whatever two or more lazy chunks share, in one chunk: left to itself the bundler cut
            // it by importer set into about a hundred files, and a centre's tab needed 53 of them
            // (each a request over HTTP/1.1). A route's own modules, the catalogues and papaparse
            // stay apart (each loaded by one screen, one language or one action).
            {
              name: 'screens',
              test: (id) =>
                !/[\\/]src[\\/]console[\\/]routes[\\/]|\.json\?lingui$|[\\/]papaparse[\\/]/.test(id),
              minShareCount: 2,
              priority: 0,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
