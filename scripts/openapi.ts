// npm run openapi [-- --out FILE] [--server-url URL] [--templates-prefix /a/b]
// Writes the OpenAPI 3.1 document generated from the contract (docs/decisions/0009); by default to
// docs/openapi.json, the file the standalone simulator serves and its tests check answers against.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildOpenApiDocument } from '../src/contract/openapi/document.ts';

export const DOCUMENT_PATH = path.resolve(import.meta.dirname, '../docs/openapi.json');

/** The document as the file holds it: two-space JSON and a final newline. */
export const documentText = (document: unknown) => `${JSON.stringify(document, null, 2)}\n`;

if (import.meta.main) {
  let values: { out?: string; 'server-url'?: string; 'templates-prefix'?: string };
  try {
    ({ values } = parseArgs({
      options: {
        out: { type: 'string' },
        'server-url': { type: 'string' },
        'templates-prefix': { type: 'string' },
      },
      strict: true,
    }));
  } catch (error) {
    console.error(`openapi: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(2);
  }
  const out = path.resolve(values.out ?? DOCUMENT_PATH);
  const document = buildOpenApiDocument({
    ...(values['server-url'] === undefined ? {} : { serverUrl: values['server-url'] }),
    ...(values['templates-prefix'] === undefined ? {} : { templatesPrefix: values['templates-prefix'] }),
  });
  writeFileSync(out, documentText(document));
  console.info(
    `openapi: wrote ${path.relative(process.cwd(), out) || out} (${Object.keys(document.paths).length} paths)`,
  );
}
