/**
 * Factlight's fixed extension ids, which an organisation's policy names (docs/ADMINISTRATORS.md).
 *
 * Chrome derives an unpacked extension's id from the manifest `key` (the first 128 bits of the SHA-256 of
 * this DER public key, hex digits written a–p). The key pair was made once with
 * `openssl genrsa -out key.pem 2048` and `openssl rsa -in key.pem -pubout -outform DER | base64 -w0`; only
 * the public half is here. The Chrome Web Store assigns an item its own key and id and refuses uploads
 * with a `key`, so `npm run zip` leaves it out (wxt.config.ts). Firefox takes the gecko id as written.
 * tests/unit/scripts/build/extension-identity.test.ts checks that the id follows from the key.
 */

/** The manifest `key`: base64 of the DER SubjectPublicKeyInfo of the project's RSA key. */
export const CHROME_PUBLIC_KEY =
  'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAkLdtb1N3sj2FPwngYaN5NBvwY+2rdD2/pW18WcbdnUE7kXuIWTJvmPhwAIYyxBWK9L77H4sJd1+a8ScXez/QE83UmtKtDGb01umY7aOFMwvLGnjg1/u9/KKdDxQsTg7lNsTLNRuWadN+TzpwVTtL78UfGXaVWoc0Jlj67/WVqgjqt1VLqSWfKoPxETZSLNpqS8SJPyV3NJ9VHad8YZhTv1vsiMxn/jfR7THK1XCaCElSQGoTWnP16EgwYCFkrKmLAs46QXQWU1A28RzEkMFlSzmqZS87iuFn/T+TSAZ1pxFEbfzuS6D0Ld35rAfVyosPqzJfD6yVuPvT9W7P0VDLYQIDAQAB';

/** The id Chrome and Chromium give an unpacked build (`npm run build` → .output/chrome-mv3). */
export const CHROME_EXTENSION_ID = 'jlaohomacbfojndhpppbchbejbkldbcc';

/** The add-on id in every Firefox build (`browser_specific_settings.gecko.id`). */
export const GECKO_ID = 'factlight@factlight.dev';
