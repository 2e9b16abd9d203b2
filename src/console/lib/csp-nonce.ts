/**
 * The CSP nonce of this page: the token proxy writes a fresh one into `index.html` in every
 * response (Vite's `html.cspNonce` puts it on `<meta property="csp-nonce">`). Mantine needs it for
 * the `<style>` tags it adds at run time, since the CSP has no `'unsafe-inline'`.
 *
 * Browsers hide the `nonce` attribute from the DOM once the page has loaded (nonce hiding), so the
 * `nonce` property is read first.
 */
export function readCspNonce(root: Pick<Document, 'querySelector'> = document): string | undefined {
  const meta = root.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  if (!meta) return undefined;
  const nonce = meta.nonce || meta.getAttribute('nonce') || '';
  return nonce === '' ? undefined : nonce;
}
