// Start-up, phase 5: the `listening` log line, and one plain line for a person at a terminal.
import { demoLogins } from '../core/upstream/environments.ts';
import { demoPeople } from '../features/demo/people.ts';
import { controlTokenHeader } from '../features/demo/simulator-control.ts';
import type { Resources } from './resources.ts';
import type { Served } from './serve.ts';

/** Where a browser opens the console: PUBLIC_ORIGIN, else the proxy's own URL. */
export function consoleOriginOf(resources: Resources, served: Served): string {
  return resources.config.publicOrigin ?? served.server.url.replace('://[::1]', '://localhost');
}

export function announce(resources: Resources, served: Served, metricsUrl?: string): void {
  const { config, database, demo, alertChannels, log } = resources;
  log.info(
    {
      event: 'listening',
      url: served.server.url,
      environments: config.environments.map((environment) => environment.id).join(','),
      store: config.redisUrl ? 'redis' : 'memory',
      database: database.engine.kind,
      email: alertChannels.email,
      ...(metricsUrl && { metrics: metricsUrl }),
    },
    'listening',
  );
  // On stderr, so that stdout stays JSON lines for a log collector.
  const open = consoleOriginOf(resources, served);
  const logins = demo
    ? ` Demo logins (D12): provider ${demoLogins.parent.providerId} ${demoLogins.parent.clientId} / ${demoLogins.parent.clientSecret}, provider ${demoLogins.processor.providerId} ${demoLogins.processor.clientId} / ${demoLogins.processor.clientSecret}.`
    : '';
  const people = served.embeddedIssuer
    ? ` Sign in with your organisation as a demo person: ${demoPeople.map((person) => `${person.name} (${person.title})`).join(', ')}.`
    : '';
  // A token made here is shown once, to the person who started the proxy; one set in the
  // environment is theirs already and is never echoed.
  const control = !demo
    ? ''
    : config.demo.controlToken === undefined
      ? ` Simulator control (/__sim): send ${controlTokenHeader}: ${demo.controlToken}`
      : ` Simulator control (/__sim): send ${controlTokenHeader} with DEMO_CONTROL_TOKEN.`;
  const mail = alertChannels.catcher ? ` Demo e-mail is caught in-process: ${open}/demo-mail.` : '';
  process.stderr.write(
    `Provider Console: open ${open}/ in your browser.${logins}${people}${mail}${control}\n`,
  );
}
