import type { PipelineDeps, PipelineOptions } from '../../lib/core/pipeline-types';
import { createLinkedomExtractor } from '../../lib/extract/linkedom-extractor';
import { createPipelineDeps, NotConfiguredError } from '../../lib/runtime/create-pipeline-deps';
import { createMemoryCache } from '../../lib/runtime/memory-cache';
import { MODEL_PRESET_IDS, MODEL_PRESETS, type ModelPresetId } from '../../lib/settings/model-presets';
import { applyPolicy, NO_POLICY, type Policy } from '../../lib/settings/policy';
import { DEFAULT_SETTINGS, type Settings, settingsSchema } from '../../lib/settings/schema';
import { NODE_PAGES } from './node-lookup';
import { useDefaultCatalogue } from './node-messages';

useDefaultCatalogue();

/** What a terminal user must set when no model endpoint is configured. */
const MODEL_HINT =
  'Set FACTLIGHT_BASE_URL (e.g. https://api.openai.com/v1 or http://localhost:11434/v1), FACTLIGHT_API_KEY if the server needs one, and FACTLIGHT_FAST_MODEL (and optionally FACTLIGHT_STRONG_MODEL).';

/**
 * Settings for the Node commands, from the FACTLIGHT_* environment variables, with an organisation's
 * `policy` (`--policy FILE`) over them: a key the policy sets wins over the environment, as it wins over
 * a person's own settings in the browser. README ("Check text from a terminal") lists the variables;
 * this function is the one place they are read, so keep the two in step.
 */
export function settingsFromEnv(env: NodeJS.ProcessEnv = process.env, policy: Policy = NO_POLICY): Settings {
  return applyPolicy(ownSettingsFromEnv(env), policy);
}

function ownSettingsFromEnv(env: NodeJS.ProcessEnv): Settings {
  const flag = (name: string, fallback: boolean) =>
    env[name] === undefined ? fallback : /^(1|true|yes|on)$/i.test(env[name]!);
  const keyed = (name: string) => ({ enabled: Boolean(env[name]), apiKey: env[name] ?? '' });
  // A preset words requests for its provider (see lib/llm/request-profile.ts) and supplies defaults.
  const preset: ModelPresetId = (MODEL_PRESET_IDS as readonly string[]).includes(env.FACTLIGHT_PRESET ?? '')
    ? (env.FACTLIGHT_PRESET as ModelPresetId)
    : 'custom';
  const defaults = MODEL_PRESETS[preset];
  const fast = env.FACTLIGHT_FAST_MODEL ?? defaults.fastModel;
  const settings: Settings = {
    model: {
      preset,
      profiles: {
        [preset]: {
          baseUrl: env.FACTLIGHT_BASE_URL ?? defaults.baseUrl,
          apiKey: env.FACTLIGHT_API_KEY ?? env.OPENAI_API_KEY ?? '',
          fastModel: fast,
          strongModel: env.FACTLIGHT_STRONG_MODEL ?? (env.FACTLIGHT_FAST_MODEL ? fast : defaults.strongModel),
          embeddingModel: env.FACTLIGHT_EMBEDDING_MODEL ?? '',
          structuredOutput:
            (env.FACTLIGHT_STRUCTURED_OUTPUT as 'auto' | 'json_schema' | 'json_object' | 'prompt' | undefined) ??
            'auto',
        },
      },
    },
    search: {
      wikipedia: { enabled: flag('FACTLIGHT_WIKIPEDIA', true) },
      searxng: { enabled: Boolean(env.FACTLIGHT_SEARXNG_URL), baseUrl: env.FACTLIGHT_SEARXNG_URL ?? '' },
      serper: keyed('FACTLIGHT_SERPER_KEY'),
      tavily: keyed('FACTLIGHT_TAVILY_KEY'),
      brave: keyed('FACTLIGHT_BRAVE_KEY'),
      exa: keyed('FACTLIGHT_EXA_KEY'),
      googleFactCheck: keyed('FACTLIGHT_FACTCHECK_KEY'),
    },
    evidence: {
      ...DEFAULT_SETTINGS.evidence,
      resultsPerClaim: Number(env.FACTLIGHT_RESULTS_PER_CLAIM ?? DEFAULT_SETTINGS.evidence.resultsPerClaim),
      allowPrivateNetwork: flag('FACTLIGHT_ALLOW_PRIVATE_NETWORK', false),
    },
    limits: { tokensPerCheck: Number(env.FACTLIGHT_TOKEN_BUDGET ?? 0) },
    capture: DEFAULT_SETTINGS.capture,
    history: DEFAULT_SETTINGS.history,
    checking: {
      ...DEFAULT_SETTINGS.checking,
      mode: env.FACTLIGHT_MODE === 'thorough' ? 'thorough' : 'fast',
      auditLinks: flag('FACTLIGHT_AUDIT_LINKS', true),
      archiveLookup: flag('FACTLIGHT_ARCHIVE_LOOKUP', true),
    },
  };
  return settingsSchema.parse(settings);
}

/**
 * The pipeline wired from environment variables, as the Node commands run it (linkedom extractor, an
 * in-memory model cache). Throws `NotConfiguredError` whose message ends with which variables to set.
 */
export function pipelineFromEnv(
  env: NodeJS.ProcessEnv = process.env,
  policy: Policy = NO_POLICY,
): {
  settings: Settings;
  deps: PipelineDeps;
  options: PipelineOptions;
} {
  const settings = settingsFromEnv(env, policy);
  try {
    return {
      settings,
      ...createPipelineDeps(settings, {
        extractor: createLinkedomExtractor(),
        cache: createMemoryCache(),
        pages: NODE_PAGES,
      }),
    };
  } catch (error) {
    if (error instanceof NotConfiguredError) throw new NotConfiguredError(`${error.message}\n${MODEL_HINT}`);
    throw error;
  }
}
