/**
 * What the loopback "model" is asked to produce once the provider has had its say: the response_format the
 * provider honoured, or, when there is none, a JSON Schema the prompt spells out (a capable model follows
 * it, as real ones mostly do). With neither, the model answers in prose, as a real one would.
 */
import type OpenAI from 'openai';

import { isRecord, type ProviderRules } from './types';

type Params = OpenAI.Chat.ChatCompletionCreateParams;

/** The schema (and its name, if given) that a system message asks the reply to follow. */
function schemaInPrompt(params: Params): { name: string; schema: Record<string, unknown> } | undefined {
  for (const message of params.messages) {
    if (message.role !== 'system' || typeof message.content !== 'string') continue;
    const at = message.content.search(/JSON Schema/);
    if (at < 0) continue;
    const rest = message.content.slice(at);
    const name = /named "([^"]+)"/.exec(rest)?.[1] ?? 'reply';
    const start = rest.indexOf('{');
    const end = rest.lastIndexOf('}');
    if (start < 0 || end <= start) continue;
    try {
      const schema = JSON.parse(rest.slice(start, end + 1)) as unknown;
      if (isRecord(schema)) return { name, schema };
    } catch {
      // not a schema after all
    }
  }
  return undefined;
}

/** The request as the model understands it: `response_format` replaced by what it will actually follow. */
export function understoodRequest<T extends Params>(params: T, rules: ProviderRules): T {
  const honoured = rules.honoursResponseFormat(params as unknown as Record<string, unknown>)
    ? params.response_format
    : undefined;
  if (honoured?.type === 'json_schema') return params;
  const fromPrompt = schemaInPrompt(params);
  const { response_format: _dropped, ...rest } = params;
  if (fromPrompt)
    return {
      ...rest,
      response_format: { type: 'json_schema', json_schema: { name: fromPrompt.name, schema: fromPrompt.schema } },
    } as T;
  return (honoured ? { ...rest, response_format: honoured } : rest) as T;
}
