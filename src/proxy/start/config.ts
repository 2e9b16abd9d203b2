// Start-up, phase 1: the configuration, refused before anything is opened when a person must fix it.
import { lookup } from 'node:dns/promises';
import { ConfigError, isLoopbackHost, parseConfig, type ProxyConfig } from '../config.ts';

/** Stops with exit code 2 and a message a person can act on (the configuration is wrong). */
export function refuseToStart(message: string): never {
  console.error(message);
  process.exit(2);
}

/** The configuration, and the address HOST resolves to (as listen() will resolve it). */
export async function readConfig(env: Record<string, string | undefined>): Promise<ProxyConfig> {
  let config: ProxyConfig;
  try {
    config = parseConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) refuseToStart(error.message);
    throw error;
  }
  // Listening beyond this machine, the proxy must know the one host name it answers to (DNS
  // rebinding, docs/decisions/0005).
  const bound = await lookup(config.host).catch(() =>
    refuseToStart(`Invalid configuration:\n  HOST: ${config.host} does not resolve`),
  );
  if (!isLoopbackHost(bound.address) && !config.publicOrigin)
    refuseToStart(
      `Invalid configuration:\n  PUBLIC_ORIGIN: is required when HOST (${config.host}) is not a loopback address: the origin browsers use, like https://console.example`,
    );
  // The embedded demo provider answers on loopback only (docs/decisions/0023).
  if (config.people.embeddedOidc && !isLoopbackHost(bound.address))
    refuseToStart(
      `Invalid configuration:\n  EMBEDDED_OIDC: the embedded demo identity provider answers on loopback only, and HOST (${config.host}) is not: set EMBEDDED_OIDC=false, or configure OIDC_ISSUER_URL`,
    );
  return config;
}

/**
 * The Host names to answer (DNS rebinding, docs/decisions/0005): the public origin's when one is
 * configured; else the address actually bound (a loopback one, checked above) and `localhost`.
 */
export function allowedHostsFor(config: ProxyConfig, address: string): string[] {
  if (config.publicOrigin) return [new URL(config.publicOrigin).hostname];
  return [address.includes(':') ? `[${address}]` : address, 'localhost'];
}
