import { z } from 'zod/mini';
import { send, type CallInit, type UpstreamClient } from '../contract/transport.ts';

// A link to a centre of another of the person's connections (issue 47 item 4): which of their other
// connections' watchers list it (features/watch/read-routes.ts), so that the page offers to switch.

/**
 * `GET /watch/centres/{id}/connections`: the person's other connections whose watcher lists that
 * centre, so that a link to another parent's centre offers to switch (issue 47 item 4).
 */
export const centreConnectionsSchema = z.object({
  connections: z.array(z.object({ id: z.string(), label: z.string() })),
});
export type CentreConnections = z.infer<typeof centreConnectionsSchema>;

export function findCentreConnections(client: UpstreamClient, centreId: number, init?: CallInit) {
  return send(
    client,
    { method: 'GET', path: `/watch/centres/${centreId}/connections` },
    centreConnectionsSchema,
    init,
  );
}
