import { describe, expect, it } from 'vitest';

import { hostOf, normaliseHost, originOf } from '../../../../../lib/core/text/hosts';

describe('hostOf', () => {
  it('gives the site host: lower case, no "www.", no trailing dot, no port', () => {
    expect(hostOf('https://WWW.Reuters.com./world/x')).toBe('reuters.com');
    expect(hostOf('http://news.example.org:8080/a')).toBe('news.example.org');
    expect(hostOf('https://www.bbc.co.uk/news')).toBe('bbc.co.uk');
    expect(hostOf('https://bücher.example/')).toBe('xn--bcher-kva.example');
  });

  it('keeps "www." when nothing but a top-level domain would remain', () => {
    expect(hostOf('https://www.com/')).toBe('www.com');
  });

  it('gives the address a request went to, port and "www." kept, for messages', () => {
    expect(hostOf('http://127.0.0.1:8080/x', { form: 'address' })).toBe('127.0.0.1:8080');
    expect(hostOf('https://WWW.Example.com/a', { form: 'address' })).toBe('www.example.com');
  });

  it('resolves a relative link against a base', () => {
    expect(hostOf('/about', { base: 'https://www.example.org/news/1' })).toBe('example.org');
    expect(hostOf('https://other.example/x', { base: 'https://www.example.org/' })).toBe('other.example');
  });

  it('is undefined for what has no host, and leaves the fallback to the caller', () => {
    for (const url of ['not a url', '', 'mailto:someone@example.com', 'about:blank']) {
      expect(hostOf(url)).toBeUndefined();
      expect(hostOf(url, { form: 'address' })).toBeUndefined();
    }
  });
});

describe('normaliseHost', () => {
  it('writes hosts the site way, as hostOf does for URLs', () => {
    for (const url of [
      'https://WWW.Reuters.com./world/x',
      'https://bücher.example/',
      'http://[::1]:3000/',
      'https://www.com/',
      'https://m.example.co.uk/',
    ]) {
      expect(normaliseHost(new URL(url).hostname)).toBe(hostOf(url));
    }
  });

  it('accepts what people and lists write: case, spaces, trailing dots, Unicode, a port', () => {
    expect(normaliseHost(' Example.COM.. ')).toBe('example.com');
    expect(normaliseHost('www.bücher.de')).toBe('xn--bcher-kva.de');
    expect(normaliseHost('example.com:8080')).toBe('example.com');
  });

  it('is undefined for what is not a host', () => {
    expect(normaliseHost('')).toBeUndefined();
    expect(normaliseHost(' . ')).toBeUndefined();
    expect(normaliseHost('two words')).toBeUndefined();
  });
});

describe('originOf', () => {
  it('gives the scheme, host and port of an http(s) URL, whatever its path', () => {
    expect(originOf('https://Gateway.Example/v1/chat')).toBe('https://gateway.example');
    expect(originOf('http://127.0.0.1:11434/v1')).toBe('http://127.0.0.1:11434');
    expect(originOf('https://example.org:443/')).toBe('https://example.org');
  });

  it('is undefined for what does not parse and for other schemes, whose opaque origins would all look alike', () => {
    for (const url of ['', 'not a url', 'file:///etc/passwd', 'data:text/plain,x', 'ftp://example.org/']) {
      expect(originOf(url)).toBeUndefined();
    }
  });
});
