import { describe, expect, it } from 'vitest';
import { OPERATION_IDS } from '@/contract/operations';
import { centreTabsFor } from './centre-tabs.ts';

describe('a centre’s tabs', () => {
  it('shows the Contract tab, fourth, only to a parent on a centre it bills (spec 4.8, D3)', () => {
    expect(centreTabsFor(OPERATION_IDS, false, true).map((tab) => tab.to)).toEqual([
      '/centres/$centreId/licences',
      '/centres/$centreId/doctors',
      '/centres/$centreId/templates',
      '/centres/$centreId/contract',
      '/centres/$centreId/activity',
    ]);
    // Processor-billed, or not known yet.
    expect(centreTabsFor(OPERATION_IDS, false, false).map((tab) => tab.to)).not.toContain(
      '/centres/$centreId/contract',
    );
    expect(centreTabsFor(OPERATION_IDS, false).map((tab) => tab.to)).not.toContain(
      '/centres/$centreId/contract',
    );
    // A centre's own login, whatever its billing; its activity is its own (docs/decisions/0022).
    expect(centreTabsFor(OPERATION_IDS, true, true).map((tab) => tab.to)).not.toContain(
      '/centres/$centreId/contract',
    );
    expect(centreTabsFor(OPERATION_IDS, true, true).map((tab) => tab.to)).toContain(
      '/centres/$centreId/activity',
    );
    // An environment without the webhook.
    const withoutWebhook = OPERATION_IDS.filter((operation) => operation !== 'sendPartnerWebhook');
    expect(centreTabsFor(withoutWebhook, false, true).map((tab) => tab.to)).not.toContain(
      '/centres/$centreId/contract',
    );
  });
});
