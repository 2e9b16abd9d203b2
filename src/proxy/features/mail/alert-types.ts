// What the mail code renders and sends: the alerts' own seam (features/alerts/channels.ts, decision 0026),
// named here for the mail module's files (docs/decisions/0027).
export type { AlertLanguage, AlertView, Channels, EmailMessage, WebhookMessage } from '../alerts/index.ts';
export type { AlertRule } from '../alerts/index.ts';
