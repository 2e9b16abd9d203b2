// The activity log's vocabulary (docs/decisions/0018), without zod: the console's route options,
// which ship with its entry, read it to parse the Activity screen's URL (docs/decisions/0022).

/**
 * What an entry records. Later work adds its own (people, connections, alerts): a reader shows an
 * action it does not know by its name rather than failing.
 */
export const AUDIT_ACTIONS = [
  'auth.sign_in',
  'auth.sign_out',
  'centre.create',
  'centre.credentials_reveal',
  'doctor.register',
  'contract.event',
  /** A call the session's role does not allow, refused by the proxy (docs/decisions/0023). */
  'access.denied',
  'auth.connection_switch',
  'person.invite',
  'person.role_change',
  'person.remove',
  'connection.add',
  'connection.secret_replace',
  'connection.remove',
  /** A connection's chat webhook set or cleared (docs/decisions/0027): its host only, never its URL. */
  'connection.webhook_set',
  'connection.webhook_clear',
  /** The watcher raised an alert about the centre (docs/decisions/0026); the actor is the system. */
  'alert.raised',
  /** An admin sent an alert's message that did not go out again (docs/decisions/0027). */
  'alert.delivery_retry',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Accepted: the answer was a 2xx. Refused: anything else (the service's or the proxy's). */
export const AUDIT_OUTCOMES = ['accepted', 'refused'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];
