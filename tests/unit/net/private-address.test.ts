import { describe, expect, it } from 'vitest';
import { isPrivateNetworkUrl } from '../../../lib/net/private-address';

describe('isPrivateNetworkUrl', () => {
  it.each([
    'http://localhost:11434/v1',
    'http://api.localhost/',
    'http://127.0.0.1/',
    'http://127.8.9.10:8080/x',
    'http://10.0.0.1/',
    'http://172.16.5.4/',
    'http://172.31.255.255/',
    'http://192.168.1.1/admin',
    'http://169.254.169.254/latest/meta-data',
    'http://100.64.0.1/',
    'http://0.0.0.0/',
    'http://[::1]:8080/',
    'http://[fd00::1]/',
    'http://[fe80::1]/',
    'http://[::ffff:192.168.0.1]/',
    'http://[::ffff:7f00:1]/',
    'http://2130706433/', // 127.0.0.1 written as one number
    'http://0x7f000001/',
    'http://printer.local/',
    'http://router.lan/',
  ])('treats %s as private', (url) => {
    expect(isPrivateNetworkUrl(url)).toBe(true);
  });

  it.each(['https://en.wikipedia.org/wiki/X', 'http://[::ffff:8.8.8.8]/', 'http://172.32.0.1/', 'http://8.8.8.8/', 'http://[2001:db8::1]/', 'not a url'])(
    'treats %s as public (or not a URL)',
    (url) => {
      expect(isPrivateNetworkUrl(url)).toBe(false);
    },
  );
});
