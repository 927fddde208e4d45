import { describe, expect, it } from 'vitest';

import { lookupAddresses } from '../../../../scripts/lib/node-lookup';

describe("the Node commands' DNS check", () => {
  it('answers every address of a name from the system resolver (the hosts file has localhost)', async () => {
    const addresses = await lookupAddresses('localhost');
    expect(addresses.length).toBeGreaterThan(0);
    expect(addresses.every((address) => address === '127.0.0.1' || address === '::1')).toBe(true);
    expect(await lookupAddresses('[::1]')).toEqual(['::1']);
  });
});
