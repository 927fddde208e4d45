/**
 * The extension ids a policy names: Chrome's follows from the manifest key (SHA-256 of the DER public key,
 * the first 32 hex digits written a–p). The e2e launcher checks that Chromium gives the build this id.
 */
import { createHash, createPublicKey } from 'node:crypto';

import { describe, expect, it } from 'vitest';

import { CHROME_EXTENSION_ID, CHROME_PUBLIC_KEY } from '../../../../scripts/build/extension-identity';

/** Chrome's id for a manifest `key`. */
function chromeIdOf(key: string): string {
  const hex = createHash('sha256').update(Buffer.from(key, 'base64')).digest('hex').slice(0, 32);
  return hex.replace(/./g, (digit) => String.fromCharCode(97 + parseInt(digit, 16)));
}

describe('extension identity', () => {
  it('gives Chrome the id that follows from the public key', () => {
    expect(chromeIdOf(CHROME_PUBLIC_KEY)).toBe(CHROME_EXTENSION_ID);
    expect(CHROME_EXTENSION_ID).toMatch(/^[a-p]{32}$/);
  });

  it('holds a public RSA key only', () => {
    const key = createPublicKey({ key: Buffer.from(CHROME_PUBLIC_KEY, 'base64'), format: 'der', type: 'spki' });
    expect(key.asymmetricKeyType).toBe('rsa');
    expect(key.type).toBe('public');
  });
});
