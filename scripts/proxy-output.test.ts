import { describe, expect, it } from 'vitest';
import { listeningUrl } from './proxy-output.ts';

const line = (fields: Record<string, unknown>) => `${JSON.stringify({ level: 30, ...fields })}\n`;

describe('listeningUrl', () => {
  it('answers the address of the listening line once, even when it arrives in pieces', () => {
    const hear = listeningUrl();
    const listening = line({ event: 'listening', url: 'http://127.0.0.1:4321' });
    expect(hear(line({ event: 'migrated' }))).toBeUndefined();
    expect(hear(listening.slice(0, 20))).toBeUndefined();
    expect(hear(listening.slice(20))).toBe('http://127.0.0.1:4321');
    // A later line like it (another server's log, say) is not taken for the proxy's address.
    expect(hear(line({ event: 'listening', url: 'http://127.0.0.1:9999' }))).toBeUndefined();
  });

  it('does not take a line that only mentions listening', () => {
    const hear = listeningUrl();
    expect(hear(line({ event: 'request', path: '/listening', url: 'http://elsewhere' }))).toBeUndefined();
  });
});
