/**
 * The slice of Chrome's Prompt API (`LanguageModel`, Gemini Nano; Chrome 138+, in extension pages and the
 * service worker) that Factlight uses, typed from the current documentation (developer.chrome.com "The
 * Prompt API", MDN "LanguageModel"): `availability()` → unavailable | downloadable | downloading |
 * available, `create({ initialPrompts, expectedInputs, expectedOutputs, monitor, signal })` firing
 * `downloadprogress` ({ loaded } from 0 to 1), `prompt(input, { responseConstraint, signal })`,
 * `measureContextUsage()` / `contextUsage` / `contextWindow`, `clone()` and `destroy()`. Chrome before
 * the rename called the last three `measureInputUsage()` / `inputUsage` / `inputQuota`: both are read.
 */

export type Availability = 'unavailable' | 'downloadable' | 'downloading' | 'available';

export interface LanguageModelExpected {
  type: 'text';
  languages?: string[];
}

export interface LanguageModelMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface LanguageModelCreateCoreOptions {
  expectedInputs?: LanguageModelExpected[];
  expectedOutputs?: LanguageModelExpected[];
}

export interface DownloadProgressEvent extends Event {
  /** 0..1 */
  loaded: number;
  total?: number;
}

export interface CreateMonitor {
  addEventListener(type: 'downloadprogress', listener: (event: DownloadProgressEvent) => void): void;
}

export interface LanguageModelCreateOptions extends LanguageModelCreateCoreOptions {
  initialPrompts?: LanguageModelMessage[];
  monitor?: (monitor: CreateMonitor) => void;
  signal?: AbortSignal;
}

export interface LanguageModelPromptOptions {
  responseConstraint?: object;
  omitResponseConstraintInput?: boolean;
  signal?: AbortSignal;
}

export interface LanguageModelSession {
  prompt(input: string | LanguageModelMessage[], options?: LanguageModelPromptOptions): Promise<string>;
  measureContextUsage?(input: string | LanguageModelMessage[], options?: LanguageModelPromptOptions): Promise<number>;
  /** Before Chrome renamed it to measureContextUsage. */
  measureInputUsage?(input: string | LanguageModelMessage[], options?: LanguageModelPromptOptions): Promise<number>;
  readonly contextWindow?: number;
  readonly contextUsage?: number;
  readonly inputQuota?: number;
  readonly inputUsage?: number;
  clone(options?: { signal?: AbortSignal }): Promise<LanguageModelSession>;
  destroy(): void;
}

export interface LanguageModelApi {
  availability(options?: LanguageModelCreateCoreOptions): Promise<Availability>;
  create(options?: LanguageModelCreateOptions): Promise<LanguageModelSession>;
}

/** The browser's `LanguageModel`, or undefined where there is none (Firefox, older Chrome, Node). */
export function languageModelOf(scope: object = globalThis): LanguageModelApi | undefined {
  const api = (scope as { LanguageModel?: unknown }).LanguageModel;
  return api &&
    typeof (api as LanguageModelApi).availability === 'function' &&
    typeof (api as LanguageModelApi).create === 'function'
    ? (api as LanguageModelApi)
    : undefined;
}

/** Languages Chrome's on-device model takes and writes (the documented minimum: English, Spanish, Japanese). */
export const ON_DEVICE_LANGUAGES = ['en', 'es', 'ja'] as const;

/** The context window a session offers (current or older name); Infinity when unlimited or unknown. */
export function contextWindowOf(session: LanguageModelSession): number {
  return session.contextWindow ?? session.inputQuota ?? Number.POSITIVE_INFINITY;
}

/** Tokens a session already holds (its initial prompts). */
export function contextUsageOf(session: LanguageModelSession): number {
  return session.contextUsage ?? session.inputUsage ?? 0;
}

/** Measures an input with whichever method this Chrome has; undefined when it has neither. */
export async function measureUsage(
  session: LanguageModelSession,
  input: string | LanguageModelMessage[],
  options?: LanguageModelPromptOptions,
): Promise<number | undefined> {
  if (session.measureContextUsage) return session.measureContextUsage(input, options);
  if (session.measureInputUsage) return session.measureInputUsage(input, options);
  return undefined;
}

/** The DOMException name of an error (QuotaExceededError, NotSupportedError, NotAllowedError, AbortError…). */
export function domErrorName(error: unknown): string | undefined {
  return typeof error === 'object' &&
    error !== null &&
    'name' in error &&
    typeof (error as { name: unknown }).name === 'string'
    ? (error as { name: string }).name
    : undefined;
}
