// npm run conformance -- --base-url <url> --client-id <id> --client-secret-env <VAR> --provider-id <n>
// Checks an environment of the service against the spec as the project reads it (tools/conformance,
// docs/decisions/0009). Prints one line per check and a count; writes <report>.md and <report>.json.
// Exit 0 only when every check passed; 1 when any failed or was skipped; 2 for a usage error.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseOptions, USAGE, type ConformanceOptions } from '../tools/conformance/options.ts';
import { json, line, markdown, summary } from '../tools/conformance/report.ts';
import { runConformance } from '../tools/conformance/run.ts';

let options: ConformanceOptions;
try {
  options = parseOptions(process.argv.slice(2), process.env);
} catch (error) {
  console.error(`conformance: ${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  process.exit(2);
}

console.info(
  `conformance: ${options.baseUrl} as provider ${options.providerId}, centre ${options.centreId}` +
    (options.allowWrites === undefined
      ? ' (read-only)'
      : ` (writes allowed in centre ${options.allowWrites})`),
);
const report = await runConformance(options, { onResult: (result) => console.info(line(result)) });
const files = [`${options.report}.md`, `${options.report}.json`].map((file) => path.resolve(file));
writeFileSync(files[0] as string, markdown(report));
writeFileSync(files[1] as string, json(report));
console.info(
  `conformance: ${summary(report)} (report: ${files.map((f) => path.relative(process.cwd(), f)).join(', ')})`,
);
process.exit(report.counts.pass === report.results.length ? 0 : 1);
