import { z } from 'zod/mini';
import { ALERT_CONNECTION_MAX, ALERT_CONNECTION_PARAM } from '@/proxy-api/alert-links';

// Every signed-in screen's search may name the connection an alert's link came from (issue 47
// item 4; src/proxy-api/alert-links.ts). Its own module: a route's search schema ships with the
// entry, and the switch it leads to (follow-alert-link.ts) does not.
export const alertLinkSearchSchema = z.object({
  // A connection id (a UUID); anything else is as if the link had none.
  // oxlint-disable-next-line promise/valid-params -- zod/mini's catch, not a promise's
  [ALERT_CONNECTION_PARAM]: z.catch(
    z.optional(z.string().check(z.minLength(1), z.maxLength(ALERT_CONNECTION_MAX))),
    undefined,
  ),
});
