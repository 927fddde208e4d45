/**
 * Ollama's OpenAI-compatible endpoint (https://docs.ollama.com/api/openai-compatibility).
 * - Supported request fields include response_format, temperature, top_p, max_tokens, reasoning_effort;
 *   max_completion_tokens is not among them, and fields Ollama does not know are ignored (Go's JSON
 *   decoding), so that one is no limit at all.
 * - response_format: json_object becomes format "json", json_schema (with its json_schema object) the schema
 *   (https://docs.ollama.com/capabilities/structured-outputs). Any other type, and json_schema without a
 *   schema, is silently ignored: openai/openai.go switches on the type with no default case
 *   (github.com/ollama/ollama at fb30760), so the model never sees it.
 * - A model that is not pulled: 404 `{"error":{"message":"model \"x\" not found, try pulling it first",
 *   "type":"not_found_error","param":null,"code":null}}` (openai/openai.go maps 404 to not_found_error, 400 to
 *   invalid_request_error and others to api_error; the text is server/routes.go's).
 * - The origin check (403, empty body) is the server's `forbiddenOrigin` option.
 * - `contextTokens`: the runtime context (4,096 below 24 GiB of VRAM); a longer prompt is cut silently, and
 *   `POST /api/show` tells the model's trained context (ollama-context.ts has the sources).
 * - `GET /api/ps` lists the models loaded in memory, each with the `context_length` its runner was started with
 *   (api/types.go ProcessModelResponse, server/routes.go PsHandler at fb30760; docs/openapi.yaml): the only place
 *   a context set by OLLAMA_CONTEXT_LENGTH or the VRAM default shows. `loadedModels` are listed there with
 *   `contextTokens` (4,096 when unset); a model not loaded is absent (`{"models": []}`).
 */
import { runningModel, showModel } from './ollama-context';
import { formatType, isRecord, numberParam, openAiError, type ProviderRules } from './types';

/** Options of {@link ollamaRules}. */
export interface OllamaRulesOptions {
  models?: string[];
  /** The runtime num_ctx; without it prompts of any length are read whole. */
  contextTokens?: number;
  /** `model_info["llama.context_length"]` on /api/show (llama3.1 is trained on 131,072). */
  trainedContext?: number;
  /** Models already loaded in memory, listed on `GET /api/ps`. */
  loadedModels?: string[];
}

export function ollamaRules(options: OllamaRulesOptions = {}): ProviderRules {
  const models = options.models ?? ['llama3.1:8b', 'qwen3:8b'];
  return {
    id: 'ollama',
    models,
    ...(options.contextTokens !== undefined ? { contextTokens: options.contextTokens } : {}),
    nativeRoute(method, path, body) {
      if (method === 'GET' && path === '/api/ps') {
        const context = options.contextTokens ?? 4_096;
        return { status: 200, body: { models: (options.loadedModels ?? []).map((m) => runningModel(m, context)) } };
      }
      if (method !== 'POST' || path !== '/api/show') return undefined;
      const model = isRecord(body) ? String(body.model ?? body.name ?? '') : '';
      // server/routes.go ShowHandler: an unknown model is a 404 with Ollama's native `{"error": "..."}` body.
      if (!models.includes(model)) return { status: 404, body: { error: `model '${model}' not found` } };
      return { status: 200, body: showModel(model, options.trainedContext ?? 131_072) };
    },
    refuse(body) {
      const model = String(body.model);
      if (!models.includes(model))
        return openAiError(404, `model "${model}" not found, try pulling it first`, 'not_found_error');
      return undefined;
    },
    honoursResponseFormat(body) {
      const type = formatType(body)?.trim().toLowerCase();
      if (type === 'json_object') return true;
      return type === 'json_schema' && isRecord(body.response_format) && isRecord(body.response_format.json_schema);
    },
    tokenLimit: (body) => numberParam(body, 'max_tokens'),
    reasoningTokens: () => 0,
  };
}
