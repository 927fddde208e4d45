import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import type { Availability } from '../../../lib/llm/prompt-api';

/** What the fake browser model records (see fake-language-model-source.js). */
export interface FakeLanguageModelLog {
  availability: object[];
  active: number;
  maxActive: number;
  creates: number;
  clones: number;
  destroyed: number;
  live: number;
  /** Each prompt: tokens in the session once sent (its window's measure), the reply's tokens once answered. */
  prompts: Array<{ tokens: number; window: number; constrained: boolean; replyTokens?: number }>;
  exceeded: number;
  progress: number[];
}

export interface FakeLanguageModelOptions {
  availability?: Availability;
  languages?: string[];
  contextWindow?: number;
  policyBlocked?: boolean;
  downloadFailsAt?: number;
  downloadStepMs?: number;
  delayMs?: number;
  /** JSON Schema keywords this fake refuses in responseConstraint (NotSupportedError), e.g. ["anyOf"]. */
  unsupportedSchemaKeywords?: string[];
  /** Unit tests: the reply to a prompt. */
  answer?: (input: { system: string; messages: Array<{ role: string; content: string }>; schema?: object }) => string;
  /** Forward each prompt to an OpenAI-compatible loopback server (the scripted world's model). */
  forwardTo?: string;
  forwardKey?: string;
  /** Model name sent when forwarding (default fake-fast). */
  forwardModel?: string;
}

/**
 * The fake's source: one function expression `(scope, options) => log`, to evaluate anywhere. Its comment
 * lines and a closing semicolon (a formatter adds one) are left out, so it can be called or returned as is.
 */
export const FAKE_LANGUAGE_MODEL_SOURCE = readFileSync(
  resolve(import.meta.dirname, 'fake-language-model-source.js'),
  'utf8',
)
  .replace(/^\/\/.*$/gm, '')
  .trim()
  .replace(/;$/, '');

/** Puts the fake `LanguageModel` on `scope` (a plain object in unit tests) and returns its log. */
export function installFakeLanguageModel(scope: object, options: FakeLanguageModelOptions): FakeLanguageModelLog {
  const install = new Function(`return ${FAKE_LANGUAGE_MODEL_SOURCE}`)() as (
    scope: object,
    options: FakeLanguageModelOptions,
  ) => FakeLanguageModelLog;
  return install(scope, options);
}
