// The run's report for people: one printed line per check and a final count, and the same
// findings as Markdown (to read or attach) and JSON (to compare runs). Neither holds the secret or
// the token: only what was asked, what came back, and how it differs.
import type { CheckResult } from './check.ts';
import type { RunReport } from './run.ts';

const LABEL = { pass: 'PASS', fail: 'FAIL', skip: 'SKIP' } as const;

/** One line: outcome, id, title, the call, and for a failure its first problem. */
export function line(result: CheckResult): string {
  const call = result.request ? `  [${result.request}, ${result.ms ?? 0} ms]` : '';
  const first = result.problems[0];
  const why =
    result.outcome === 'fail' && first
      ? `  ${first.kind}${first.at ? ` at ${first.at}` : ''}: ${first.message}${result.problems.length > 1 ? ` (+${result.problems.length - 1} more)` : ''}`
      : result.outcome === 'skip' && result.note
        ? `  (${result.note})`
        : '';
  return `${LABEL[result.outcome]}  ${result.id.padEnd(20)} ${result.title}${call}${why}`;
}

export function summary(report: RunReport): string {
  const { pass, fail, skip } = report.counts;
  return `${pass} passed, ${fail} failed, ${skip} skipped`;
}

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

export function markdown(report: RunReport): string {
  const rows = report.results.map(
    (r) =>
      `| ${LABEL[r.outcome]} | \`${r.id}\` | ${cell(r.title)} | ${cell(r.request ?? '')} | ${r.problems.length} |`,
  );
  const details = report.results
    .filter((r) => r.problems.length > 0 || r.note)
    .map((r) =>
      [
        `### ${LABEL[r.outcome]} \`${r.id}\``,
        '',
        r.title,
        ...(r.request ? ['', `Request: \`${r.request}\``] : []),
        ...(r.note ? ['', `Note: ${r.note}`] : []),
        ...(r.problems.length
          ? [
              '',
              ...r.problems.map((p) => `- **${p.kind}**${p.at ? ` at \`${p.at}\`` : ''}: ${cell(p.message)}`),
            ]
          : []),
      ].join('\n'),
    );
  return [
    '# Conformance report',
    '',
    `Environment \`${report.baseUrl}\`, provider ${report.providerId}, centre ${report.centreId}` +
      `${report.userId ? `, user \`${report.userId}\`` : ''}; ${report.writes === undefined ? 'read-only' : `writes allowed in centre ${report.writes}`}; started ${report.startedAt}.`,
    '',
    `**${summary(report)}.** Each answer was read as the console reads it (the contract) and checked strictly against the OpenAPI document generated from the same contract: an unknown field, an unknown enum value or a loose shape fails a check even where the console would absorb it.`,
    '',
    '| outcome | check | what it proves | request | problems |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
    '',
    ...(details.length ? ['## Findings', '', details.join('\n\n'), ''] : []),
  ].join('\n');
}

export const json = (report: RunReport) => `${JSON.stringify(report, null, 2)}\n`;
