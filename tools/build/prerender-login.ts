// A Vite build step: after the bundle is written, the login screen is rendered on the server side
// (src/console/app/prerender-login.tsx) into a copy of the built index.html per language, so that
// /login paints from its HTML before any script has run (docs/decisions/0017). Two variants per
// language, with and without the demo's one-click logins; each lists every environment kind, and the
// proxy removes the options it does not offer (src/proxy/static-site.ts). The client replaces this
// markup with the same screen once its entry has run (src/console/app/prerendered.ts).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createServer, type Plugin } from 'vite';

/** Must equal `html.cspNonce` in vite.config.ts and the proxy's `noncePlaceholder`. */
const NONCE = 'PROVIDER_CONSOLE_CSP_NONCE';
export const PRERENDERED_DIR = 'prerendered';
export const LOGIN_VARIANTS = ['demo', 'plain'] as const;
const LANGUAGES = ['en', 'es', 'ca'] as const;

interface Renderer {
  prerenderLogin(
    language: (typeof LANGUAGES)[number],
    environments: { id: string; label: string; kind: string; operations: string[] }[],
    nonce: string,
  ): Promise<{ markup: string; head: string; title: string }>;
}

const environment = (kind: string) => ({ id: kind, label: kind, kind, operations: [] });

export function prerenderLoginPlugin(): Plugin {
  let outDir = 'dist';
  let root = process.cwd();
  let configFile: string | undefined;
  return {
    name: 'provider-console:prerender-login',
    apply: 'build',
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
        const renderer = (await server.ssrLoadModule('/src/console/app/prerender-login.tsx')) as Renderer;
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
            const html = template
              .replace('<html lang="en">', `<html lang="${language}">`)
              .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`)
              .replace('</head>', `${page.head}</head>`)
              .replace(
                '<div id="root"></div>',
                `<div id="root" data-prerendered="login" data-language="${language}">${page.markup}</div>`,
              );
            if (!html.includes('data-prerendered="login"'))
              throw new Error('index.html has no empty <div id="root"></div> to prerender into');
            writeFileSync(path.join(outDir, PRERENDERED_DIR, `login.${variant}.${language}.html`), html);
          }
        }
      } finally {
        await server.close();
      }
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
