/**
 * The temperature each model stage asks for. Servers that sample at their own default when none is sent do so
 * hot: Ollama's OpenAI-compatible endpoint uses 1.0 ("if r.Temperature != nil … else options["temperature"] =
 * 1.0", github.com/ollama/ollama openai/openai.go at fb30760; its native default is 0.8, docs/modelfile.mdx),
 * and so do OpenAI-style servers (temperature "Defaults to 1",
 * https://platform.openai.com/docs/api-reference/chat/create). Judging, extraction and classification want
 * the same answer every time (0); writing a revision or a debate turn may vary a little (0.2). The adapter
 * sends it only where the model takes one (request-profile.ts `sendsTemperature`: not to reasoning models,
 * not to Gemini 3, which should keep its default).
 */
import type { StageName } from '../types';

export const STAGE_TEMPERATURES: Partial<Record<StageName, number>> = {
  claims: 0,
  queries: 0,
  'source-types': 0,
  verify: 0,
  links: 0,
  explain: 0,
  revise: 0.2,
  debate: 0.2,
};

/** The temperature of a call: the one it names, else its stage's. */
export function temperatureFor(stage: StageName, named: number | undefined): number | undefined {
  return named ?? STAGE_TEMPERATURES[stage];
}
