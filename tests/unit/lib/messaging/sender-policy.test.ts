import { describe, expect, it } from 'vitest';

import { isOwnContextAt } from '../../../../lib/messaging/sender-policy';

const ID = 'abcdefghijklmnopabcdefghijklmnop';
const WORKER = `chrome-extension://${ID}/background.js`;

describe('isOwnContextAt', () => {
  it('accepts our own service worker', () => {
    expect(isOwnContextAt({ id: ID, url: WORKER }, ID, WORKER)).toBe(true);
  });

  it.each([
    ['an extension page of ours', { id: ID, url: `chrome-extension://${ID}/sidepanel.html` }],
    ['a content script of ours', { id: ID, url: 'https://example.org/', tab: { id: 3 } }],
    ['a content script on a page posing as the worker URL', { id: ID, url: WORKER, tab: { id: 3 } }],
    ['another extension', { id: 'zyxwvutsrqponmlkzyxwvutsrqponmlk', url: WORKER }],
    ['a sender without a URL', { id: ID }],
  ])('refuses %s', (_, sender) => {
    expect(isOwnContextAt(sender, ID, WORKER)).toBe(false);
  });
});
