import { describe, expect, it } from 'vitest';

import { createCommandTable } from '../../../../lib/background/command-table';

describe('command table', () => {
  it('runs the handler of a command with its data and origin', async () => {
    const table = createCommandTable();
    table.handle(
      'cancelCheck',
      ({ checkId }, origin) => ({ ok: true as const, checkId, tabId: origin.tabId }) as never,
    );
    expect(await table.dispatch('cancelCheck', { checkId: 'c1' }, { tabId: 4 })).toEqual({
      ok: true,
      checkId: 'c1',
      tabId: 4,
    });
    expect(table.commands()).toEqual(['cancelCheck']);
  });

  it('refuses a second handler for one command and says when a command has none', async () => {
    const table = createCommandTable();
    table.handle('resumeChecks', () => ({ resumed: 0 }));
    expect(() => table.handle('resumeChecks', () => ({ resumed: 1 }))).toThrow(/has a handler already/);
    await expect(table.dispatch('startCheck', {}, {})).rejects.toThrow('The engine has no handler for "startCheck".');
  });
});
