/**
 * Whether the console server answers at all: any HTTP answer counts, only a failed connection does
 * not. Asked before reloading the page for a screen whose code did not arrive, so that a Retry
 * with the server still down keeps the user on the in-app offline panel.
 */
export async function serverReachable(): Promise<boolean> {
  try {
    await fetch(new URL('/healthz', globalThis.location.href), { cache: 'no-store', method: 'HEAD' });
    return true;
  } catch {
    return false;
  }
}
