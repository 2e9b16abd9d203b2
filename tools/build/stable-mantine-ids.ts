// Mantine's components take `useId` from @mantine/hooks; this puts src/console/lib/mantine-use-id.ts
// in its place, in the browser's build, the server's and the tests' alike (docs/decisions/0030).
// Matched on the module's path inside @mantine/hooks, which imports it relatively.
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const replacement = fileURLToPath(new URL('../../src/console/lib/mantine-use-id.ts', import.meta.url));

export function stableMantineIds(): Plugin {
  return {
    name: 'provider-console:stable-mantine-ids',
    enforce: 'pre',
    resolveId(source, importer) {
      if (
        importer &&
        /[\\/]@mantine[\\/]hooks[\\/]/.test(importer) &&
        /(^|\/)use-id\/use-id\.mjs$/.test(source)
      )
        return replacement;
      return null;
    },
  };
}
