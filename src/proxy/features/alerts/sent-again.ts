// What "Send again" came to (issue 47 item 7), apart from the code that sends: the page's proxy
// (docs/decisions/0012) types its routes with it and holds no Node code.
import type { DeliveryRow } from './delivery.ts';

export type SentAgain =
  | { outcome: 'sent'; row: DeliveryRow }
  | { outcome: 'failed'; row: DeliveryRow }
  /** Nothing left to send (the person chose otherwise, the alerts were purged) or no channel here. */
  | { outcome: 'dropped'; reason: 'empty' | 'no_channel'; row: DeliveryRow };
