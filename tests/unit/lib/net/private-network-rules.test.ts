import { describe, expect, it } from 'vitest';

import { isPrivateNetworkUrl } from '../../../../lib/net/private-address';
import {
  ALLOW_PRIORITY,
  BLOCK_PRIORITY,
  HEADER_RULE_PRIORITY,
  isGuardRuleId,
  PRIVATE_HOST_PATTERNS,
  privateNetworkRules,
} from '../../../../lib/net/private-network-rules';

/** Whether a block rule matches a URL, canonicalised as the browser does before matching (WHATWG URL). */
const blocked = (url: string) => PRIVATE_HOST_PATTERNS.some((pattern) => new RegExp(pattern).test(new URL(url).href));

describe('private-network session rules (Chrome)', () => {
  it.each([
    'http://127.0.0.1:8080/router/reboot?confirm=1',
    'http://2130706433/', // 127.0.0.1 as one number: canonicalised before matching
    'http://0x7f.1/',
    'http://10.1.2.3/',
    'http://100.64.0.1/',
    'http://169.254.169.254/latest/meta-data',
    'http://172.16.0.1/',
    'http://172.31.255.255/',
    'http://192.168.1.1/admin',
    'http://198.18.0.1/',
    'http://0.0.0.0/',
    'http://224.0.0.1/',
    'http://[::1]:3000/',
    'http://[::]/',
    'http://[::ffff:127.0.0.1]/', // canonical form [::ffff:7f00:1]
    'http://[::ffff:a00:1]/',
    'http://[::7f00:1]/',
    'http://[64:ff9b::a00:1]/',
    'http://[fd12:3456::1]/',
    'http://[fe80::1]/',
    'http://[fec0::1]/',
    'http://[ff02::1]/',
    'http://localhost/',
    'http://localhost.:8080/',
    'http://api.localhost/',
    'http://printer.local/',
    'http://nas.internal/',
    'http://router.lan/',
    'http://box.home.arpa/',
    'http://router/', // single label
    'http://10.0.0.1.nip.io/',
    'http://app.localtest.me/',
    'http://user:pass@127.0.0.1/',
    'https://192.168.0.10/',
  ])('blocks %s', (url) => {
    expect(blocked(url)).toBe(true);
  });

  it.each([
    'https://en.wikipedia.org/wiki/Moon',
    'http://public-name.test:8080/redirect',
    'http://8.8.8.8/',
    'http://172.32.0.1/',
    'http://100.128.0.1/',
    'http://[2606:4700::1111]/',
    'http://127.0.0.1.example.com/', // a name, not the address
    'http://example.com/127.0.0.1/',
    'http://example.com/?u=http://127.0.0.1/',
    'http://localhost.example.com/',
    'http://local.example.org/',
  ])('lets %s through', (url) => {
    expect(blocked(url)).toBe(false);
  });

  it("agrees with the fetcher's own isPrivateNetworkUrl on IPv4 and IPv6 literals", () => {
    const hosts: string[] = [];
    for (let a = 0; a < 256; a += 1) hosts.push(`${a}.${(a * 7) % 256}.1.2`);
    for (const b of [0, 15, 16, 31, 32, 63, 64, 127, 128, 168, 254, 255])
      hosts.push(`172.${b}.0.1`, `100.${b}.0.1`, `192.${b}.1.1`, `169.${b}.1.1`, `198.${b}.1.1`);
    for (const group of ['fc00', 'fdff', 'fe7f', 'fe80', 'febf', 'fec0', 'feff', 'ff00', 'fbff', '2001'])
      hosts.push(`[${group}::1]`);
    for (const host of hosts) {
      const url = `http://${host}/`;
      if (isPrivateNetworkUrl(url)) expect(blocked(url), url).toBe(true);
      else expect(blocked(url), url).toBe(false);
    }
  });

  it('confines every rule to our own requests, allows the configured origins above the blocks, and none with private network allowed', () => {
    const rules = privateNetworkRules('abcdefghijklmnop', {
      allowPrivateNetwork: false,
      allowedOrigins: ['http://127.0.0.1:11434', 'http://[::1]:8888'],
    });
    expect(rules.every((rule) => rule.condition.initiatorDomains.join() === 'abcdefghijklmnop')).toBe(true);
    expect(rules.filter((rule) => rule.action.type === 'block')).toHaveLength(PRIVATE_HOST_PATTERNS.length);
    expect(rules.filter((rule) => rule.action.type === 'allow').map((rule) => rule.condition.urlFilter)).toEqual([
      '|http://127.0.0.1:11434/',
      '|http://[::1]:8888/',
    ]);
    expect(new Set(rules.map((rule) => rule.id)).size).toBe(rules.length);
    expect(rules.every((rule) => isGuardRuleId(rule.id))).toBe(true);
    // Allow beats block by priority; the local model's Origin removal must outrank the allow rules.
    expect(BLOCK_PRIORITY).toBeLessThan(ALLOW_PRIORITY);
    expect(ALLOW_PRIORITY).toBeLessThan(HEADER_RULE_PRIORITY);
    expect(privateNetworkRules('abcdefghijklmnop', { allowPrivateNetwork: true, allowedOrigins: [] })).toEqual([]);
  });
});
