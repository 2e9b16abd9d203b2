// A connection's chat webhook (issue 26, item 4; docs/decisions/0027): a Slack-compatible incoming
// webhook, sent `{ text, blocks }` (Mattermost, Rocket.Chat and others take the same). The call is
// bounded as every call to a peer is (docs/decisions/0020): a deadline, a cap on the answer, no
// redirect followed; a failure throws codes only (the URL is a secret: never in a log or an error).
import { callUpstream, type FetchLike } from '../../core/upstream/upstream.ts';
import type { AlertLanguage, AlertView, WebhookMessage } from './alert-types.ts';
import { centreLink, momentOf, overviewLink, translator, whatHappened } from './messages.ts';
import { addressRefusedCode, type WebhookReach } from './webhook-target.ts';
import { webhookUrlFor } from './webhook-url.ts';

export type WebhookFailureReason =
  'refused' | 'deferred' | 'timeout' | 'connection_failed' | 'answer_too_large';

export type WebhookFailureClass = 'refused' | 'unreachable' | 'timed_out';

const classOf: Record<WebhookFailureReason, WebhookFailureClass> = {
  refused: 'refused',
  answer_too_large: 'refused',
  deferred: 'unreachable',
  connection_failed: 'unreachable',
  timeout: 'timed_out',
};

export class WebhookDeliveryError extends Error {
  override name = 'WebhookDeliveryError';
  readonly reason: WebhookFailureReason;
  /** Worth sending again later (429, 5xx, no answer); a 4xx (a revoked hook) never will be. */
  readonly retryable: boolean;
  readonly status: number | undefined;
  /**
   * What the delivery records and admins see (features/alerts/channels.ts failureCode): a coarse
   * class only, `refused`, `unreachable` or `timed_out` (issue 46 M1): exact statuses would make
   * the failed-deliveries list a scanner of wherever a hook points. The status stays on the error.
   */
  readonly code: WebhookFailureClass;
  constructor(reason: WebhookFailureReason, retryable: boolean, status?: number) {
    super(`webhook not delivered: ${reason}${status === undefined ? '' : ` (${status})`}`);
    this.reason = reason;
    this.retryable = retryable;
    this.status = status;
    this.code = classOf[reason];
  }
}

/** Slack's mrkdwn treats these three as control characters (its "escaping text" rules). */
const mrkdwn = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export interface SlackPayload {
  text: string;
  blocks: { type: 'section'; text: { type: 'mrkdwn'; text: string } }[];
}

/** At most this many alerts get a block each (Slack takes 50 blocks); the text names them all. */
const maxBlocks = 40;

/** A storm's post names the worst alerts it was given, counts the rest and links the overview (issue 46 item 1). */
export function webhookPayload(
  alerts: AlertView[],
  language: AlertLanguage,
  consoleOrigin: string,
  total = alerts.length,
  /** The connection the alerts came from, named in the links (issue 47 item 4). */
  connectionId?: string,
): SlackPayload {
  const t = translator(language);
  const lines = alerts.map((alert) => ({ alert, what: whatHappened(t, alert) }));
  const more = total - alerts.length;
  const [worst] = alerts;
  const rest =
    more > 0 && worst
      ? `${t('more', { count: more })} <${overviewLink(consoleOrigin, worst.rule, connectionId)}|${mrkdwn(t('overview'))}>`
      : undefined;
  return {
    // The notification's words, and what a client without blocks shows: mrkdwn too, so a centre's
    // name cannot ping the channel or show a link of its own (issue 46, L3).
    text: [...lines.map((line) => mrkdwn(line.what)), ...(rest ? [rest] : [])].join('\n'),
    blocks: [
      ...lines.slice(0, maxBlocks).map(({ alert, what }) => ({
        type: 'section' as const,
        text: {
          type: 'mrkdwn' as const,
          text: `*${mrkdwn(what)}*\n${mrkdwn(t('seen', { at: momentOf(language, alert.at) }))} · <${centreLink(consoleOrigin, alert.centreId, connectionId)}|${mrkdwn(t('open', { centre: alert.centreName }))}>`,
        },
      })),
      ...(rest ? [{ type: 'section' as const, text: { type: 'mrkdwn' as const, text: rest } }] : []),
    ],
  };
}

export interface WebhookOptions {
  consoleOrigin: string;
  transport?: FetchLike;
  /** Default 10 s, the proxy's deadline for an API call (docs/decisions/0005). */
  timeoutMs?: number;
  /** Slack answers "ok": anything past 64 kB is not a webhook's answer. */
  maxAnswerBytes?: number;
  /**
   * Where hooks may lead in this deployment: the URL is checked again before each post (the
   * deployment may have changed since it was saved), its addresses by the transport (issue 46 M1).
   */
  reach?: WebhookReach;
  /** How many alerts the post stands for, and its idempotency key (features/alerts/channels.ts). */
  scope?: Pick<WebhookMessage, 'total' | 'key' | 'connectionId'>;
}

export async function postToWebhook(
  url: string,
  alerts: AlertView[],
  language: AlertLanguage,
  options: WebhookOptions,
): Promise<void> {
  if (options.reach && !webhookUrlFor(options.reach).safeParse(url).success)
    throw new WebhookDeliveryError('refused', false);
  const body = new TextEncoder().encode(
    JSON.stringify(
      webhookPayload(
        alerts,
        language,
        options.consoleOrigin,
        options.scope?.total,
        options.scope?.connectionId,
      ),
    ),
  );
  const key = options.scope?.key;
  // The same on every attempt and "Send again": a receiver can drop a second copy (issue 46 item 11).
  const headers = { 'content-type': 'application/json', ...(key && { 'idempotency-key': key }) };
  const outcome = await callUpstream(
    options.transport ?? ((request) => fetch(request)),
    url,
    { method: 'POST', headers, body },
    options.timeoutMs ?? 10_000,
    { maxBytes: options.maxAnswerBytes ?? 64 * 1024 },
  );
  if (outcome.kind === 'timeout') throw new WebhookDeliveryError('timeout', true);
  if (outcome.kind === 'unreachable' && outcome.code === addressRefusedCode)
    throw new WebhookDeliveryError('refused', false);
  if (outcome.kind === 'unreachable')
    throw outcome.reason === 'answer_too_large'
      ? new WebhookDeliveryError('answer_too_large', false)
      : new WebhookDeliveryError('connection_failed', true);
  const { status } = outcome;
  if (status >= 200 && status < 300) return;
  if (status === 429 || status >= 500) throw new WebhookDeliveryError('deferred', true, status);
  throw new WebhookDeliveryError('refused', false, status);
}
