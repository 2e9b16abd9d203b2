// `npm start`: build the console when needed, then serve it. Until the token proxy lands this is
// Vite's static preview server; the proxy replaces it.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildIfStale } from './build-if-stale.ts';

const { values } = parseArgs({
  options: { port: { type: 'string' }, host: { type: 'string' } },
});
const port = values.port ?? process.env.PORT ?? '8080';
const host = values.host ?? process.env.HOST ?? '127.0.0.1';

buildIfStale();
const vite = path.resolve(import.meta.dirname, '../node_modules/vite/bin/vite.js');
const server = spawn(process.execPath, [vite, 'preview', '--host', host, '--port', port, '--strictPort'], {
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
