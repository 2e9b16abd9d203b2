// A screen's waterfall: the requests that started before its largest paint (issue 48 item 7), as the
// page's own Resource Timing saw them, written into bench/waterfalls/<screen>.md so that a change to
// what a screen fetches first shows in review. Each row: when it started and ended (ms from the
// navigation), what started it, its transferred size and its path.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page as Tab } from '@playwright/test';

export interface WaterfallEntry {
  startMs: number;
  endMs: number;
  initiator: string;
  transferBytes: number;
  path: string;
}

// A page script as text: this is a Node project, without the DOM's types (tsconfig.node.json).
const readEntries = `(() => {
  const rows = [];
  for (const entry of [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')]) {
    const url = new URL(entry.name);
    rows.push({
      startMs: entry.startTime,
      endMs: entry.responseEnd,
      initiator: entry.initiatorType,
      transferBytes: entry.transferSize,
      path: url.origin === location.origin ? url.pathname + url.search : url.href,
    });
  }
  return rows;
})()`;

/** The page's requests that started before `lcpMs`, in the order they started. */
export async function readWaterfall(tab: Tab, lcpMs: number): Promise<WaterfallEntry[]> {
  const entries = (await tab.evaluate(readEntries)) as WaterfallEntry[];
  return entries.filter((entry) => entry.startMs <= lcpMs).sort((a, b) => a.startMs - b.startMs);
}

const root = path.resolve(import.meta.dirname, '../..');

/** Writes bench/waterfalls/<screen>.md; its path, relative to the repository. */
export function writeWaterfall(screen: string, entries: readonly WaterfallEntry[]): string {
  const file = path.join('bench/waterfalls', `${screen.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.md`);
  const bytes = entries.reduce((sum, entry) => sum + entry.transferBytes, 0);
  const lines = [
    `# ${screen}: requests before its largest paint`,
    '',
    `${entries.length} requests, ${(bytes / 1024).toFixed(1)} kB transferred (cold load at 4× CPU,`,
    'the run nearest the median LCP; written by `npm run bench`).',
    '',
    '| start ms | end ms | by | kB | path |',
    '|---:|---:|---|---:|---|',
    ...entries.map(
      (entry) =>
        `| ${Math.round(entry.startMs)} | ${Math.round(entry.endMs)} | ${entry.initiator} | ${(entry.transferBytes / 1024).toFixed(1)} | \`${entry.path}\` |`,
    ),
    '',
  ];
  mkdirSync(path.join(root, 'bench/waterfalls'), { recursive: true });
  writeFileSync(path.join(root, file), lines.join('\n'));
  return file;
}
