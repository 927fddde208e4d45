import { describe, expect, it } from 'vitest';

import { isIpLiteral, isPrivateIpAddress, isPrivateNetworkUrl } from '../../../../lib/net/private-address';

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

  // Spellings that once slipped past: a trailing root dot, IPv4 embedded in IPv6, and reserved ranges.
  it.each([
    'http://localhost./',
    'http://api.localhost./',
    'http://router.local./',
    'http://printer.lan./',
    'http://[::7f00:1]/', // IPv4-compatible 127.0.0.1
    'http://[::127.0.0.1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:a00:1]/',
    'http://[64:ff9b::a00:1]/', // NAT64 of 10.0.0.1
    'http://[64:ff9b::10.0.0.1]/',
    'http://[fec0::1]/', // deprecated site-local
    'http://[feff::1]/',
    'http://[ff02::1]/', // multicast
    'http://198.18.0.1/', // benchmarking
    'http://198.19.255.255/',
    'http://224.0.0.1/', // multicast
    'http://240.0.0.1/', // reserved
    'http://255.255.255.255/',
  ])('treats %s as private', (url) => {
    expect(isPrivateNetworkUrl(url)).toBe(true);
  });

  it.each([
    'http://example.com./',
    'http://198.17.0.1/',
    'http://198.20.0.1/',
    'http://223.255.255.255/',
    'http://[64:ff9b::808:808]/',
    'http://[::808:808]/',
    'http://[2606:4700::1111]/',
  ])('treats %s as public', (url) => {
    expect(isPrivateNetworkUrl(url)).toBe(false);
  });

  it.each([
    'https://en.wikipedia.org/wiki/X',
    'http://[::ffff:8.8.8.8]/',
    'http://172.32.0.1/',
    'http://8.8.8.8/',
    'http://[2001:db8::1]/',
    'not a url',
  ])('treats %s as public (or not a URL)', (url) => {
    expect(isPrivateNetworkUrl(url)).toBe(false);
  });
});

describe('names and resolved addresses', () => {
  it.each([
    'http://router/', // a single label, completed by the local search domain
    'http://intranet.:8080/',
    'http://10.0.0.1.nip.io/',
    'http://app.sslip.io/',
    'http://anything.localtest.me/',
    'http://lvh.me/',
    'http://nas.internal/',
    'http://box.home.arpa/',
  ])('treats the name %s as private', (url) => {
    expect(isPrivateNetworkUrl(url)).toBe(true);
  });

  it('judges resolved addresses as resolvers give them (no brackets, maybe a zone)', () => {
    for (const address of ['127.0.0.1', '10.9.8.7', '::1', 'fe80::1%eth0', '::ffff:192.168.1.1', 'fd00::5'])
      expect(isPrivateIpAddress(address), address).toBe(true);
    for (const address of ['93.184.216.34', '2606:4700::1111', '8.8.8.8', 'not-an-address'])
      expect(isPrivateIpAddress(address), address).toBe(false);
  });

  it('tells IP literals from names', () => {
    expect(['127.0.0.1', '[::1]', '8.8.8.8'].map(isIpLiteral)).toEqual([true, true, true]);
    expect(['example.com', 'localhost', '127.0.0.1.example.com'].map(isIpLiteral)).toEqual([false, false, false]);
  });
});
