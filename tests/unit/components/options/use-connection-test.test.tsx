// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { useConnectionTest } from '../../../../components/options/use-connection-test';

describe('useConnectionTest', () => {
  it('shows a result only while the tested fields are unchanged', async () => {
    const run = () => Promise.resolve({ ok: true as const, message: 'works' });
    const { result, rerender } = renderHook(({ inputs }) => useConnectionTest(run, inputs), {
      initialProps: { inputs: 'https://a.example' },
    });
    await act(() => result.current.start());
    expect(result.current.result).toEqual({ ok: true, message: 'works' });
    rerender({ inputs: 'https://b.example' });
    expect(result.current.result).toBeUndefined();
    expect(result.current.runs).toBe(1);
    // Typing the tested value back shows its result again: it speaks for these fields.
    rerender({ inputs: 'https://a.example' });
    expect(result.current.result).toEqual({ ok: true, message: 'works' });
  });
});
