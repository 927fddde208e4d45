/**
 * The explain stages against the real loopback OpenAI-compatible server through the real adapter
 * (lib/llm/openai-chat-model.ts). Replies are scripted per structured-output schema name, in order, so a
 * test says what each kind of call answers and reads back exactly what each call was sent.
 */
import type { ModelCallContext } from '../../../../../../lib/core/model/structured-call';
import { UsageMeter } from '../../../../../../lib/core/model/usage-meter';
import type { Claim, ClaimAssessment, Evidence, Judgement } from '../../../../../../lib/core/types';
import { createOpenAiChatModel } from '../../../../../../lib/llm/openai-chat-model';
import {
  type ChatRequest,
  type OpenAiServer,
  startOpenAiServer,
} from '../../../../../../scripts/lib/servers/openai-server';

/** One scripted reply: an object (sent as JSON), raw text (e.g. malformed JSON), or a function of the request. */
export type Scripted = object | string | ((request: ChatRequest) => object | string);

/** A call the server answered: schema name, system prompt and last user message. */
export interface SeenCall {
  name: string;
  system: string;
  user: string;
}

export interface ModelWorld {
  server: OpenAiServer;
  calls: SeenCall[];
  /**
   * Replies per schema name: a list is answered in order, a function answers every call of that name. A
   * call with nothing left gets a reply no schema accepts. Also clears `calls`.
   */
  script(replies: Record<string, Scripted[] | ((request: ChatRequest) => object | string)>): void;
  context(): ModelCallContext & { meter: UsageMeter };
  close(): Promise<void>;
}

const text = (content: unknown): string => (typeof content === 'string' ? content : JSON.stringify(content));

export async function startModelWorld(): Promise<ModelWorld> {
  const server = await startOpenAiServer({ apiKey: 'sk-explain' });
  const calls: SeenCall[] = [];
  let queues = new Map<string, Scripted[] | ((request: ChatRequest) => object | string)>();
  server.respondWith((request) => {
    const format = request.response_format;
    const name = format?.type === 'json_schema' ? format.json_schema.name : '(none)';
    calls.push({
      name,
      system: text(request.messages.find((m) => m.role === 'system')?.content),
      user: request.userText,
    });
    const queue = queues.get(name);
    const next = typeof queue === 'function' ? queue : queue?.shift();
    if (next === undefined) return `no scripted reply for ${name}`;
    return typeof next === 'function' ? next(request) : next;
  });
  const model = createOpenAiChatModel({
    baseUrl: server.baseUrl,
    apiKey: 'sk-explain',
    fastModel: 'fake-fast',
    strongModel: 'fake-strong',
    structuredOutput: 'json_schema',
  });
  return {
    server,
    calls,
    script(replies) {
      calls.length = 0;
      queues = new Map(
        Object.entries(replies).map(([name, list]) => [name, typeof list === 'function' ? list : [...list]]),
      );
    },
    context: () => ({
      model,
      clock: { now: () => Date.UTC(2026, 10, 22) },
      meter: new UsageMeter(),
      cacheTtlMs: 60_000,
    }),
    close: () => server.close(),
  };
}

export const claim = (id: string, text: string): Claim => ({
  id,
  sentenceIndex: 0,
  text,
  span: { start: 0, end: text.length },
  anchored: true,
  checkWorthy: true,
});

export const evidence = (
  id: string,
  passage: string,
  origin: Evidence['origin'] = 'page',
  url = `https://example.org/${id}`,
): Evidence => ({
  id,
  claimId: 'c0-0',
  passage,
  origin,
  source: { url, host: new URL(url).host, title: `Page ${id}`, provider: 'searxng', sourceType: 'news' },
});

export const assessment = (
  claimId: string,
  verdict: ClaimAssessment['verdict'],
  explanation: string,
  judged: Array<[string, Judgement['stance']]>,
): ClaimAssessment => ({
  claimId,
  verdict,
  explanation,
  judgements: judged.map(([evidenceId, stance]) => ({ evidenceId, stance, rationale: 'scripted' })),
  citedEvidenceIds: judged.map(([evidenceId]) => evidenceId),
});
