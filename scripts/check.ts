/**
 * `npm run check -- --file F | --text "..." [--json] [--fresh] [--budget TOKENS] [--policy FILE]`
 * Checks text from a terminal with the same core as the extension, against any OpenAI-compatible endpoint
 * and the search settings in environment variables (see scripts/lib/env-settings.ts and README), under an
 * organisation's policy file when one is given (scripts/lib/policy-file.ts): its keys win, as in the browser.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

import { testModelConnection } from '../lib/connection/test-model';
import { errorMessage } from '../lib/core/errors';
import { estimateCheck } from '../lib/core/model/estimate';
import { runCheck } from '../lib/core/pipeline';
import { reasoningForEstimate } from '../lib/llm/request-profile';
import { NotConfiguredError } from '../lib/runtime/create-pipeline-deps';
import { activeModelProfile } from '../lib/settings/active-profile';
import { policyWarningText } from '../lib/settings/policy-warnings';
import { pipelineFromEnv, settingsFromEnv } from './lib/env-settings';
import { runEvidenceOnly } from './lib/evidence-only-command';
import { formatCheck } from './lib/format-check';
import { readPolicyFile } from './lib/policy-file';
import { readShippedRatings } from './lib/ratings-file';

const USAGE =
  'Usage: npm run check -- --file FILE | --text "TEXT" [--json] [--fresh] [--budget TOKENS] [--policy FILE]';

function fail(message: string, code = 2): never {
  console.error(message);
  process.exit(code);
}

function parseOptions() {
  try {
    return parseArgs({
      options: {
        file: { type: 'string' },
        text: { type: 'string' },
        json: { type: 'boolean' },
        fresh: { type: 'boolean' },
        budget: { type: 'string' },
        policy: { type: 'string' },
      },
    }).values;
  } catch (error) {
    return fail(`${errorMessage(error)}\n${USAGE}`);
  }
}

/** The file's text; a missing or unreadable file is the person's input problem, told in one line. */
function readInput(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    return fail(
      `Cannot read ${file}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : String(error)}.`,
    );
  }
}

const values = parseOptions();
const text = values.text ?? (values.file ? readInput(values.file) : undefined);
if (text === undefined) fail(USAGE);
if (!text.trim()) fail('The text is empty: there is nothing to check.');

/** The organisation's policy, when given: a key it sets wins over the environment; a bad key is named and skipped. */
function readPolicy(path: string | undefined) {
  if (path === undefined) return undefined;
  try {
    const policy = readPolicyFile(path);
    for (const warning of policy.warnings) console.error(`Policy: ${policyWarningText(warning)}`);
    return policy;
  } catch (error) {
    return fail(errorMessage(error));
  }
}
const policy = readPolicy(values.policy);

let wiring: ReturnType<typeof pipelineFromEnv>;
try {
  wiring = pipelineFromEnv(process.env, policy);
} catch (error) {
  if (!(error instanceof NotConfiguredError)) throw error;
  // No model endpoint at all: evidence-only mode (sources per sentence, no verdicts). A half-set one (a base URL or a
  // preset without the rest, from the environment or the policy) is an error.
  if (process.env.FACTLIGHT_BASE_URL || process.env.FACTLIGHT_PRESET || policy?.values.baseUrl || policy?.values.preset)
    fail(error.message);
  await runEvidenceOnly(text, values.json === true, settingsFromEnv(process.env, policy));
  process.exit(0);
}
const { settings } = wiring;

const connection = await testModelConnection(settings.model.preset, activeModelProfile(settings.model));
if (!connection.ok)
  fail(`The model endpoint is not usable: ${connection.error}${connection.fix ? `\n${connection.fix}` : ''}`);

// A model that needs the schema-in-prompt or JSON-mode fallback is named before the check starts.
if (!values.json && connection.structuredOutput?.some((found) => found.mode !== 'json_schema'))
  console.error(connection.message);

const estimate = estimateCheck(text, {
  reasoning: reasoningForEstimate(activeModelProfile(settings.model)),
  // Thorough mode judges each evidence page in a call of its own and debates wrong claims.
  ...(settings.checking.mode === 'thorough' ? { thorough: { pagesPerClaim: settings.evidence.resultsPerClaim } } : {}),
});
if (estimate.sentences > 20 && !values.json) {
  const thinking = estimate.reasoningTokens
    ? ` (${Math.round(estimate.reasoningTokens / 1000)}k of them hidden reasoning)`
    : '';
  console.error(
    `This text has ${estimate.sentences} sentences: about ${estimate.modelCalls} model calls and ${Math.round(estimate.tokens / 1000)}k tokens${thinking}.`,
  );
}

const controller = new AbortController();
process.on('SIGINT', () => controller.abort());
const result = await runCheck(text, wiring.deps, {
  ...wiring.options,
  signal: controller.signal,
  ...(values.fresh ? { fresh: true } : {}),
  ...(values.budget ? { tokenBudget: Number(values.budget) } : {}),
  onEvent: (event) => {
    if (!values.json && event.type === 'assessment') process.stderr.write('.');
  },
});
if (!values.json) process.stderr.write('\n');
console.log(values.json ? JSON.stringify(result, null, 2) : formatCheck(result, readShippedRatings()));
