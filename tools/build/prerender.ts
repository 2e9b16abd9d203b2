// A Vite build step: after the bundle is written, the login screen and the signed-in screens' frame
// are rendered on the server side (src/console/app/prerender.tsx) into copies of the built
// index.html per language, so that they paint from their HTML before any script has run
// (docs/decisions/0017). The login comes in two variants per language, with and without the demo's
// one-click logins; each lists every environment kind, and the proxy removes the options it does
// not offer (src/proxy/features/site/routes.ts). The console replaces this markup with the same screen once
// its entry has run (src/console/main.tsx, src/console/lib/prerendered.ts).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build, createServer, type Plugin } from 'vite';
import { FIRST_SCREEN_SLOT, SCREEN_STATE_SLOT } from '../../src/proxy-api/first-screen.ts';

/** Must equal `html.cspNonce` in vite.config.ts and the proxy's `noncePlaceholder`. */
const NONCE = 'PROVIDER_CONSOLE_CSP_NONCE';
export const PRERENDERED_DIR = 'prerendered';
/**
 * The overview's render for the proxy (src/console/app/first-screen.tsx), built for Node beside the
 * console: `dist/server/first-screen.js`. The proxy never serves this folder (static-site.ts).
 */
export const SERVER_DIR = 'server';
export const LOGIN_VARIANTS = ['demo', 'plain'] as const;
const LANGUAGES = ['en', 'es', 'ca'] as const;

type Page = { markup: string; head: string; title: string };

interface Renderer {
  prerenderLogin(
    language: (typeof LANGUAGES)[number],
    environments: { id: string; label: string; kind: string; operations: string[] }[],
    nonce: string,
  ): Promise<Page>;
  prerenderShellFrame(language: (typeof LANGUAGES)[number], nonce: string): Promise<Page>;
  pressCapture(nonce: string): string;
}

/** index.html with a prerendered page in it. */
function fill(template: string, language: string, screen: string, page: Page): string {
  const html = template
    // Mantine's colours hang on this attribute, which its head script sets from the person's
    // choice before the first paint; without scripts the page is the light scheme, not colourless.
    .replace('<html lang="en">', `<html lang="${language}" data-mantine-color-scheme="light">`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`)
    .replace('</head>', `${page.head}</head>`)
    .replace(
      '<div id="root"></div>',
      `<div id="root" data-prerendered="${screen}" data-language="${language}">${page.markup}</div>`,
    );
  if (!html.includes(`data-prerendered="${screen}"`))
    throw new Error('index.html has no empty <div id="root"></div> to prerender into');
  return html;
}

const environment = (kind: string) => ({ id: kind, label: kind, kind, operations: [] });

export function prerenderPlugin(): Plugin {
  let outDir = 'dist';
  let root = process.cwd();
  let configFile: string | undefined;
  return {
    name: 'provider-console:prerender',
    // Not in the server build this plugin starts itself.
    apply: (_, env) => env.command === 'build' && env.isSsrBuild !== true,
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
      configFile = config.configFile;
    },
    async closeBundle() {
      const server = await createServer({
        root,
        configFile,
        logLevel: 'error',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false },
      });
      try {
        const renderer = (await server.ssrLoadModule('/src/console/app/prerender.tsx')) as Renderer;
        const template = afterFirstPaint(readFileSync(path.join(outDir, 'index.html'), 'utf8'));
        mkdirSync(path.join(outDir, PRERENDERED_DIR), { recursive: true });
        for (const variant of LOGIN_VARIANTS) {
          const kinds =
            variant === 'demo'
              ? ['demo', 'development', 'qa', 'production']
              : ['development', 'qa', 'production'];
          for (const language of LANGUAGES) {
            // oxlint-disable-next-line no-await-in-loop -- one language at a time: i18n is global
            const page = await renderer.prerenderLogin(language, kinds.map(environment), NONCE);
            writeFileSync(
              path.join(outDir, PRERENDERED_DIR, `login.${variant}.${language}.html`),
              fill(template, language, 'login', page),
            );
          }
        }
        // The script that keeps a press made before the console took over. A rendered page's style
        // sheets are its route's, which the proxy names in it (features/site/route-preloads.ts):
        // every screen's in every page were eight blocking requests for one.
        const overviewTemplate = template.replace('</head>', `${renderer.pressCapture(NONCE)}</head>`);
        // Any other screen's page also carries the data the screen was drawn from.
        const screenTemplate = overviewTemplate.replace('</body>', `${SCREEN_STATE_SLOT}</body>`);
        for (const language of LANGUAGES) {
          // oxlint-disable-next-line no-await-in-loop -- as above
          const page = await renderer.prerenderShellFrame(language, NONCE);
          writeFileSync(
            path.join(outDir, PRERENDERED_DIR, `shell.${language}.html`),
            fill(template, language, 'shell', page),
          );
          // The overview's page: the frame, with the overview the proxy renders in its place.
          writeFileSync(
            path.join(outDir, PRERENDERED_DIR, `overview.${language}.html`),
            fill(overviewTemplate, language, 'shell', { ...page, markup: FIRST_SCREEN_SLOT }),
          );
          // Any signed-in screen's page, rendered by the proxy and hydrated (docs/decisions/0028).
          writeFileSync(
            path.join(outDir, PRERENDERED_DIR, `screen.${language}.html`),
            fill(screenTemplate, language, 'screen', { ...page, markup: FIRST_SCREEN_SLOT }),
          );
        }
      } finally {
        await server.close();
      }
      await build({
        root,
        configFile,
        logLevel: 'warn',
        // React, Mantine and the router bundled in, in their production builds: the proxy runs with
        // no NODE_ENV of its own, and React's development server render is several times slower.
        ssr: { noExternal: true },
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        plugins: [serverChunks()],
        build: {
          ssr: true,
          outDir: path.join(outDir, SERVER_DIR),
          emptyOutDir: true,
          copyPublicDir: false,
          manifest: false,
          rolldownOptions: {
            input: {
              'first-screen': 'src/console/app/first-screen.tsx',
              screens: 'src/console/app/server-render.tsx',
            },
            output: { entryFileNames: '[name].js' },
          },
        },
      });
    },
  };
}

/**
 * The browser's chunk groups (vite.config.ts) are cut for the login page's budget; applied to a
 * bundle holding React itself, they split CommonJS modules from their wrappers. The server's
 * bundle is split the bundler's own way.
 */
function serverChunks(): Plugin {
  return {
    name: 'provider-console:server-chunks',
    config(config) {
      const output = config.build?.rolldownOptions?.output;
      if (output && !Array.isArray(output)) delete output.codeSplitting;
    },
  };
}

/**
 * The entry and its preloads start only after the prerendered page has painted: evaluated at once,
 * the entry (a long task on a slow phone) held the first paint back until it had run, so a page
 * complete in its HTML still painted late. Until the console takes over, presses are noted and
 * replayed (src/console/lib/prerendered.ts), so nothing is lost meanwhile.
 */
function afterFirstPaint(html: string): string {
  const entry = /<script type="module" crossorigin src="([^"]+)"[^>]*><\/script>\s*/.exec(html);
  if (!entry?.[1]) throw new Error('index.html has no module entry script');
  const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)"[^>]*>\s*/g)];
  let out = html.replace(entry[0], '');
  for (const preload of preloads) out = out.replace(preload[0], '');
  const load = `(function () {
  function add(tag, attributes) {
    var element = document.createElement(tag);
    for (var name in attributes) element.setAttribute(name, attributes[name]);
    document.head.appendChild(element);
  }
  requestAnimationFrame(function () {
    setTimeout(function () {
      ${JSON.stringify(preloads.map((preload) => preload[1]))}.forEach(function (href) {
        add('link', { rel: 'modulepreload', crossorigin: '', href: href });
      });
      add('script', { type: 'module', crossorigin: '', src: ${JSON.stringify(entry[1])} });
    }, 0);
  });
})();`;
  return out.replace('</body>', `<script nonce="${NONCE}">${load}</script></body>`);
}

function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}
