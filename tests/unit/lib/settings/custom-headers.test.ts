import { describe, expect, it } from 'vitest';

import {
  headerNameProblem,
  headerRowProblems,
  headersProblem,
  headerValueProblem,
  sendableHeaders,
} from '../../../../lib/settings/custom-headers';

describe('custom header names', () => {
  it('takes the headers providers and gateways document', () => {
    for (const name of [
      'anthropic-workspace-id',
      'HTTP-Referer',
      'X-OpenRouter-Title',
      'X-Title',
      'cf-aig-authorization',
    ])
      expect(headerNameProblem(name)).toBeUndefined();
  });

  it('refuses what is not an RFC 7230 token', () => {
    expect(headerNameProblem('')).toBe('emptyName');
    expect(headerNameProblem('X Team')).toBe('notToken');
    expect(headerNameProblem('X-Team:')).toBe('notToken');
    expect(headerNameProblem('Überschrift')).toBe('notToken');
  });

  it('refuses hop-by-hop headers, the browser’s own, and the ones Factlight sets, each for its reason', () => {
    for (const name of ['Connection', 'keep-alive', 'TE', 'Upgrade', 'Transfer-Encoding', 'Proxy-Authorization'])
      expect(headerNameProblem(name)).toBe('hopByHop');
    for (const name of ['Host', 'content-length', 'Cookie', 'Origin', 'Referer', 'Sec-Fetch-Mode', 'DNT'])
      expect(headerNameProblem(name)).toBe('forbidden');
    expect(headerNameProblem('Authorization')).toBe('setByFactlight');
    expect(headerNameProblem('content-type')).toBe('setByFactlight');
  });
});

describe('custom header values', () => {
  it('refuses line breaks, control characters and empty values', () => {
    expect(headerValueProblem('wrkspc_01')).toBeUndefined();
    expect(headerValueProblem('a\tb')).toBeUndefined();
    expect(headerValueProblem('a\r\nX-Injected: 1')).toBe('lineBreak');
    expect(headerValueProblem('a\nb')).toBe('lineBreak');
    expect(headerValueProblem('a\u0000b')).toBe('control');
    // fetch sends header values as bytes: Latin-1 passes, anything above U+00FF is refused before it throws.
    expect(headerValueProblem('café')).toBeUndefined();
    expect(headerValueProblem('blue…')).toBe('notLatin1');
    expect(headerValueProblem('team 🚀')).toBe('notLatin1');
    expect(() => new Headers({ 'X-A': 'blue…' })).toThrow(TypeError);
    expect(headerValueProblem('  ')).toBe('emptyValue');
  });
});

describe('rows as the options page edits them', () => {
  it('lets a saved row keep its hidden value, and says which row repeats a name', () => {
    const rows = [
      { name: 'anthropic-workspace-id', value: '', saved: true },
      { name: 'X-Team', value: '', saved: false },
      { name: 'x-team', value: 'b', saved: false },
    ];
    expect(headerRowProblems(rows)).toEqual([undefined, 'emptyValue', 'duplicate']);
  });

  it('finds the first problem of a draft’s headers, empty values allowed only for saved names', () => {
    expect(headersProblem({ 'X-A': '', Host: 'x' }, ['x-a'])).toEqual({ name: 'Host', problem: 'forbidden' });
    expect(headersProblem({ 'X-A': '' }, [])).toEqual({ name: 'X-A', problem: 'emptyValue' });
    expect(headersProblem({ 'X-A': 'a' })).toBeUndefined();
    expect(headersProblem(undefined)).toBeUndefined();
  });
});

describe('what is sent', () => {
  it('leaves out any header that breaks the rules, whoever stored it', () => {
    expect(sendableHeaders({ 'X-A': 'a', Host: 'evil.example', 'X-B': 'b\r\nCookie: c', Authorization: 'x' })).toEqual({
      'X-A': 'a',
    });
    expect(sendableHeaders({ Cookie: 'c' })).toBeUndefined();
    expect(sendableHeaders(undefined)).toBeUndefined();
  });
});
