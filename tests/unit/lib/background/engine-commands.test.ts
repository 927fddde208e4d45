/**
 * Every command has exactly one home: the worker's router answers it, or the engine does behind the router. A
 * command in neither would never be answered; one in both would be answered twice.
 */
import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

import type { CommandRouter } from '../../../../lib/background/authorized-handler';
import { registerCheckHandlers } from '../../../../lib/background/check-handlers';
import { createCommandTable } from '../../../../lib/background/command-table';
import { registerConnectionTestHandlers } from '../../../../lib/background/connection-handlers';
import { ENGINE_COMMANDS, forwardToEngine } from '../../../../lib/background/engine-commands';
import { registerInterfaceLanguageHandlers } from '../../../../lib/background/interface-language';
import { registerPageHandlers } from '../../../../lib/background/page-handlers';
import { registerPlacementHandlers } from '../../../../lib/background/placement-handlers';
import { registerRatingHandlers } from '../../../../lib/background/rating-handlers';
import type { RatingManager } from '../../../../lib/background/rating-manager';
import type { RunManager } from '../../../../lib/background/run-manager';
import { registerSettingsHandlers } from '../../../../lib/background/settings-handlers';
import type { FactlightDb } from '../../../../lib/db/schema';
import { type BackgroundCommand, COMMAND_AUDIENCE } from '../../../../lib/messaging/protocol';

/** A router that only records which commands were registered on it. */
function recordingRouter(): CommandRouter & { registered: BackgroundCommand[] } {
  const registered: BackgroundCommand[] = [];
  return { registered, handle: (command) => void registered.push(command) };
}

describe('engine commands', () => {
  it('the engine registers exactly the commands the router forwards to it', () => {
    const engine = createCommandTable();
    registerCheckHandlers(engine, {} as RunManager, {} as FactlightDb);
    registerRatingHandlers(engine, {} as RatingManager);
    registerConnectionTestHandlers(engine);
    registerPlacementHandlers(engine, { placed: async () => undefined });
    expect(engine.commands().sort()).toEqual([...ENGINE_COMMANDS].sort());
  });

  it('the router and the engine together answer every command of the protocol, each once', () => {
    fakeBrowser.reset();
    const router = recordingRouter();
    registerSettingsHandlers(router, '1.0.0');
    registerPageHandlers(router, async () => undefined);
    registerInterfaceLanguageHandlers(router);
    forwardToEngine(router, () => createCommandTable());
    expect(new Set(router.registered).size).toBe(router.registered.length);
    expect([...router.registered].sort()).toEqual((Object.keys(COMMAND_AUDIENCE) as BackgroundCommand[]).sort());
  });

  it('hands a forwarded command, its data and origin to the engine', async () => {
    const handlers = new Map<string, (data: unknown, origin: object) => unknown>();
    const router: CommandRouter = { handle: (command, handler) => void handlers.set(command, handler as never) };
    const seen: unknown[] = [];
    forwardToEngine(router, () => ({ dispatch: async (...args) => (seen.push(args), 'answer') }));
    expect(await handlers.get('startCheck')!({ text: 'x' }, { tabId: 2 })).toBe('answer');
    expect(seen).toEqual([['startCheck', { text: 'x' }, { tabId: 2 }]]);
  });

  it('answers a resume without the engine when no run can be waiting, and hands it on when one can', async () => {
    const handlers = new Map<string, (data: unknown, origin: object) => unknown>();
    const router: CommandRouter = { handle: (command, handler) => void handlers.set(command, handler as never) };
    let loads = 0;
    let idle = true;
    const engine = () => (loads++, { dispatch: async () => ({ resumed: 2 }) });
    forwardToEngine(router, engine, async () => idle);
    expect(await handlers.get('resumeChecks')!(undefined, {})).toEqual({ resumed: 0 });
    expect(await handlers.get('resumeRatings')!(undefined, {})).toEqual({ resumed: 0 });
    expect(loads).toBe(0);
    // Other commands never ask.
    await handlers.get('cancelCheck')!({ checkId: 'c' }, {});
    expect(loads).toBe(1);
    idle = false;
    expect(await handlers.get('resumeChecks')!(undefined, {})).toEqual({ resumed: 2 });
    expect(loads).toBe(2);
  });
});
