import { describe, expect, it } from 'vitest';

import { sendsKeyInClear } from '../../../../lib/settings/cleartext';

describe('sendsKeyInClear', () => {
  it('is true for plain http to a public host, false for https and for servers on this machine or network', () => {
    expect(sendsKeyInClear('http://api.example.com/v1')).toBe(true);
    expect(sendsKeyInClear('http://203.0.113.7:8080/v1')).toBe(true);
    expect(sendsKeyInClear('https://api.example.com/v1')).toBe(false);
    expect(sendsKeyInClear('http://localhost:11434/v1')).toBe(false);
    expect(sendsKeyInClear('http://192.168.1.20:8000/v1')).toBe(false);
    expect(sendsKeyInClear('not a url')).toBe(false);
  });
});
