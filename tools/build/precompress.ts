// A Vite build step: a brotli (`.br`) and a gzip (`.gz`) copy beside every text asset of the build,
// compressed once at the highest levels, for the proxy to serve by `Accept-Encoding`
// (src/proxy/features/site/static-site.ts, docs/decisions/0017). HTML documents are left out: the proxy writes a
// fresh CSP nonce into each, so it compresses them per response.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { SERVER_DIR } from './prerender.ts';

const TEXT = /\.(js|mjs|css|svg|json|txt|webmanifest|map)$/;
/** Smaller files gain less than the headers of a second representation cost. */
const MIN_BYTES = 1024;

export function precompress(dir: string, relative = ''): string[] {
  const written: string[] = [];
  for (const entry of readdirSync(path.join(dir, relative))) {
    const file = path.join(relative, entry);
    const full = path.join(dir, file);
    if (statSync(full).isDirectory()) {
      // The build's manifest, and the proxy's own render code (prerender.ts): never served.
      if (entry !== '.vite' && entry !== SERVER_DIR) written.push(...precompress(dir, file));
      continue;
    }
    if (!TEXT.test(entry)) continue;
    const body = readFileSync(full);
    if (body.byteLength < MIN_BYTES) continue;
    const br = brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
      },
    });
    const gz = gzipSync(body, { level: constants.Z_BEST_COMPRESSION });
    // A copy no smaller than the original is never worth sending.
    if (br.byteLength < body.byteLength) writeFileSync(`${full}.br`, br);
    if (gz.byteLength < body.byteLength) writeFileSync(`${full}.gz`, gz);
    written.push(file);
  }
  return written;
}

export function precompressPlugin(): Plugin {
  let outDir = 'dist';
  return {
    name: 'provider-console:precompress',
    apply: (_, env) => env.command === 'build' && env.isSsrBuild !== true,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      precompress(outDir);
    },
  };
}
