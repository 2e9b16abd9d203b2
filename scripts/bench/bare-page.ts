// The same-run reference: a bare React 19 + Vite 8 page (a heading and a paragraph), built in this
// run with this repository's Vite and React, and served from memory with the same rules as the
// console (brotli or gzip by Accept-Encoding, immutable assets), so that its figures show what the
// machine and the browser give a page with nothing in it.
import { mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { precompress } from '../../tools/build/precompress.ts';

const root = path.resolve(import.meta.dirname, '../..');

export async function buildBarePage(): Promise<string> {
  // Inside the repository, so that `react` resolves from its node_modules.
  const dir = path.join(root, 'node_modules/.cache/bench-bare-page');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><meta name="viewport" content="width=device-width, initial-scale=1.0" /><title>Bare page</title></head><body><div id="root"></div><script type="module" src="/main.jsx"></script></body></html>`,
  );
  writeFileSync(
    path.join(dir, 'main.jsx'),
    `import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
function App() {
  return <main><h1>Sign in to Provider Console</h1><p>Use the client credentials of your provider. The secret never leaves the server.</p></main>;
}
createRoot(document.getElementById('root')).render(<StrictMode><App /></StrictMode>);
`,
  );
  const outDir = path.join(dir, 'dist');
  await build({
    root: dir,
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir, emptyOutDir: true },
  });
  precompress(outDir);
  return outDir;
}

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

export async function serveBarePage(
  dist: string,
  port: number,
): Promise<{ url: string; close(): Promise<void> }> {
  const files = new Map<string, Buffer>();
  const walk = (relative: string) => {
    for (const entry of readdirSync(path.join(dist, relative))) {
      const file = path.join(relative, entry);
      if (statSync(path.join(dist, file)).isDirectory()) walk(file);
      else files.set(`/${file.split(path.sep).join('/')}`, readFileSync(path.join(dist, file)));
    }
  };
  walk('');
  const server: Server = createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://bare').pathname;
    const name = pathname === '/' ? '/index.html' : pathname;
    const accepted = String(request.headers['accept-encoding'] ?? '');
    const encoding =
      /\bbr\b/.test(accepted) && files.has(`${name}.br`)
        ? 'br'
        : /\bgzip\b/.test(accepted) && files.has(`${name}.gz`)
          ? 'gzip'
          : undefined;
    const body = files.get(encoding === 'br' ? `${name}.br` : encoding === 'gzip' ? `${name}.gz` : name);
    if (!body) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, {
      'content-type': types[path.extname(name)] ?? 'application/octet-stream',
      'cache-control': name.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      vary: 'Accept-Encoding',
      ...(encoding ? { 'content-encoding': encoding } : {}),
    });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
