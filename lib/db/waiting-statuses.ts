/**
 * Which check statuses wait to be resumed after the worker stopped: the run manager resumes the checks in them,
 * and the worker's router looks for them (lib/background/waiting-runs.ts) before it loads the engine. One list,
 * so the two cannot disagree. Type-only imports: the router reads it without Dexie.
 */
import type { CheckStatus } from './entities';

export const WAITING_CHECK_STATUSES = ['running', 'queued'] as const satisfies readonly CheckStatus[];
