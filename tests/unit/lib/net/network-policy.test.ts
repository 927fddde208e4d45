import { describe, expect, it } from 'vitest';

import { decideRequest, networkPolicyFor, resolvesPrivately } from '../../../../lib/net/network-policy';
import { DEFAULT_SETTINGS, type Settings } from '../../../../lib/settings/schema';

const settings = (change: { allowPrivate?: boolean } = {}): Settings => ({
  ...DEFAULT_SETTINGS,
  model: {
    preset: 'ollama',
    profiles: {
      ollama: {
        baseUrl: 'http://localhost:11434/v1',
        apiKey: '',
        fastModel: 'a',
        strongModel: 'b',
        embeddingModel: '',
        structuredOutput: 'auto',
      },
      custom: {
        baseUrl: 'http://10.0.0.9:8000/v1',
        apiKey: '',
        fastModel: 'a',
        strongModel: 'b',
        embeddingModel: '',
        structuredOutput: 'auto',
      },
    },
  },
  search: { ...DEFAULT_SETTINGS.search, searxng: { enabled: true, baseUrl: 'http://192.168.1.20:8888/' } },
  evidence: { ...DEFAULT_SETTINGS.evidence, allowPrivateNetwork: change.allowPrivate ?? false },
});

describe('network policy', () => {
  it('allows the origins in use (model, SearXNG, archive, DOI registry) and an unsaved one under test, not other profiles', () => {
    expect(networkPolicyFor(settings(), ['http://127.0.0.1:9999/v1', 'javascript:alert(1)'])).toEqual({
      allowPrivateNetwork: false,
      allowedOrigins: [
        'http://localhost:11434',
        'http://192.168.1.20:8888',
        'https://archive.org',
        'https://api.crossref.org',
        'http://127.0.0.1:9999',
      ],
    });
  });

  it('lets allowed origins through, refuses private hosts, and asks the resolver about other names', () => {
    const policy = networkPolicyFor(settings());
    expect(decideRequest('http://localhost:11434/v1/chat/completions', policy)).toBe('allow');
    expect(decideRequest('http://localhost:11435/', policy)).toBe('refuse');
    expect(decideRequest('http://10.0.0.9:8000/v1/models', policy)).toBe('refuse');
    expect(decideRequest('http://[::ffff:127.0.0.1]/', policy)).toBe('refuse');
    expect(decideRequest('https://example.com/story', policy)).toBe('resolve');
    expect(decideRequest('https://93.184.216.34/', policy)).toBe('allow');
    expect(decideRequest('moz-extension://x/page.html', policy)).toBe('allow');
    expect(decideRequest('http://10.0.0.9:8000/', networkPolicyFor(settings({ allowPrivate: true })))).toBe('allow');
  });

  it('calls a name private when any one of its addresses is', () => {
    expect(resolvesPrivately(['93.184.216.34', '127.0.0.1'])).toBe(true);
    expect(resolvesPrivately(['93.184.216.34', '2606:4700::1111'])).toBe(false);
    expect(resolvesPrivately([])).toBe(false);
  });
});
