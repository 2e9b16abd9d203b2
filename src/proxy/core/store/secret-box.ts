// Secrets at rest (docs/decisions/0005: the client secret is kept only to renew tokens), sealed with
// AES-256-GCM through Web Crypto, so that the same code runs under Node and in the browser's demo
// worker (docs/decisions/0012). A sealed value is `v2.<iv>.<ciphertext+tag>` in base64url. The
// additional authenticated data binds it to its purpose, its session, its environment, client id
// and provider id: a value copied into another session or field, or a record edited to another
// environment or provider, fails to open.
import { decodeBase64Url, encodeBase64Url } from 'hono/utils/encode';

export interface SecretBox {
  seal(plaintext: string, context: string): Promise<string>;
  /** The plaintext, or undefined when the value was tampered with or sealed under another key. */
  open(sealed: string, context: string): Promise<string | undefined>;
}

export function createSecretBox(rawKey: Uint8Array): SecretBox {
  if (rawKey.byteLength !== 32) throw new RangeError('AES-256-GCM needs a 32-byte key');
  const key = crypto.subtle.importKey('raw', new Uint8Array(rawKey), 'AES-GCM', false, [
    'encrypt',
    'decrypt',
  ]);
  const utf8 = new TextEncoder();
  return {
    async seal(plaintext, context) {
      const iv = crypto.getRandomValues(new Uint8Array(12));
      const sealed = await crypto.subtle.encrypt(
        { name: 'AES-GCM', iv, additionalData: utf8.encode(context) },
        await key,
        utf8.encode(plaintext),
      );
      return `v2.${encodeBase64Url(iv.buffer)}.${encodeBase64Url(sealed)}`;
    },
    async open(sealed, context) {
      const [version, iv, ciphertext, extra] = sealed.split('.');
      if (version !== 'v2' || iv === undefined || ciphertext === undefined || extra !== undefined)
        return undefined;
      try {
        const plain = await crypto.subtle.decrypt(
          { name: 'AES-GCM', iv: decodeBase64Url(iv), additionalData: utf8.encode(context) },
          await key,
          decodeBase64Url(ciphertext),
        );
        return new TextDecoder('utf-8', { fatal: true }).decode(plain);
      } catch {
        return undefined;
      }
    },
  };
}
