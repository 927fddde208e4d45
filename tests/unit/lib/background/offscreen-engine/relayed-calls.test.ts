/** The allow-lists of what Chrome's offscreen document may ask of the worker (issue 27, relayed-calls.ts). */
import { describe, expect, it } from 'vitest';

import { frameAddress } from '../../../../../lib/background/frame-address';
import { HIGHLIGHTER_FILE } from '../../../../../lib/background/inject-highlighter';
import {
  INJECTED_FILES,
  injectedFunctionName,
  isRelayedCall,
  isRelayedDep,
  RELAYED_CALLS,
} from '../../../../../lib/background/offscreen-engine/relayed-calls';
import { readExplanationSelection } from '../../../../../lib/content/read-explanation-selection';

describe('isRelayedCall', () => {
  it('is a listed method, named in full, and nothing else', () => {
    for (const path of RELAYED_CALLS) expect(isRelayedCall(path)).toBe(true);
    for (const path of ['storage.local', 'storage', 'storage.local.clear', 'tabs.remove', 'STORAGE.LOCAL.GET', ''])
      expect(isRelayedCall(path)).toBe(false);
    expect(isRelayedCall(undefined)).toBe(false);
    expect(isRelayedCall(['storage.local.get'])).toBe(false);
  });
});

describe('isRelayedDep', () => {
  it('is one of the engine’s dependencies or the document’s close', () => {
    for (const name of ['applyGuard', 'applyPolicy', 'loadSettings', 'closeEngineDocument'])
      expect(isRelayedDep(name)).toBe(true);
    for (const name of ['startEngine', 'closeIfIdle', 'toString', '', null]) expect(isRelayedDep(name)).toBe(false);
  });
});

describe('injectedFunctionName', () => {
  it('names our own injectable functions, and no other function, even one with the same code', () => {
    expect(injectedFunctionName(frameAddress)).toBe('frameAddress');
    expect(injectedFunctionName(readExplanationSelection)).toBe('readExplanationSelection');

    // A copy built from its own source: the same code, another function.
    const lookalike = new Function(`return (${String(frameAddress)})`)() as typeof frameAddress;
    expect(String(lookalike)).toBe(String(frameAddress));
    expect(injectedFunctionName(lookalike)).toBeUndefined();
    expect(injectedFunctionName('frameAddress')).toBeUndefined();
    expect(injectedFunctionName(undefined)).toBeUndefined();
  });

  it('allows only the highlighter as a file', () => {
    expect(INJECTED_FILES).toEqual([HIGHLIGHTER_FILE]);
  });
});
