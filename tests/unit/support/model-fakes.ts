/**
 * Test doubles for the model layer: a scripted ChatModel that records every request, an in-memory Cache,
 * a fake sleep that records delays instead of waiting, and a deferred for driving concurrency by events.
 */
import type { Cache, CacheKind, ChatModel, ChatRequest, ChatResponse, TokenUsage } from '../../../lib/core/ports';

/** One scripted outcome: a reply, an error to throw, or a function for replies that depend on the request. */
export type Step = ChatResponse | Error | ((request: ChatRequest) => Promise<ChatResponse>);

/** A reply with the given text and usage. */
export function reply(text: string, usage: TokenUsage = { promptTokens: 10, completionTokens: 5 }): ChatResponse {
  return { text, model: 'scripted', usage };
}

/** Returns (or throws) the scripted steps in order and records every request. */
export class ScriptedModel implements ChatModel {
  readonly calls: ChatRequest[] = [];

  constructor(private readonly steps: Step[]) {}

  async complete(request: ChatRequest): Promise<ChatResponse> {
    this.calls.push(request);
    const step = this.steps.shift();
    if (step === undefined) throw new Error('ScriptedModel: no scripted step left');
    if (step instanceof Error) throw step;
    if (typeof step === 'function') return step(request);
    return step;
  }
}

/** A promise with its resolve/reject exposed. */
export interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A sleep that records each delay and resolves at once (or waits for abort when `hang` is set). */
export function recordingSleep(options: { hang?: boolean } = {}) {
  const delays: number[] = [];
  const waited = deferred<void>();
  const sleep = (ms: number, signal?: AbortSignal): Promise<void> => {
    delays.push(ms);
    waited.resolve();
    if (!options.hang) return Promise.resolve();
    return new Promise<void>((_resolve, reject) => {
      signal?.addEventListener('abort', () => reject(new Error('sleep aborted')), { once: true });
    });
  };
  return { sleep, delays, waited: waited.promise };
}

/** An in-memory Cache that records writes. */
export class MemoryCache implements Cache {
  readonly entries = new Map<string, unknown>();
  readonly writes: { kind: CacheKind; key: string; ttlMs: number }[] = [];
  failReads = false;

  async get<T>(kind: CacheKind, key: string): Promise<T | undefined> {
    if (this.failReads) throw new Error('cache is broken');
    return this.entries.get(`${kind}:${key}`) as T | undefined;
  }

  async set<T>(kind: CacheKind, key: string, value: T, ttlMs: number): Promise<void> {
    this.writes.push({ kind, key, ttlMs });
    this.entries.set(`${kind}:${key}`, value);
  }
}
