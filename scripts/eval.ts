/**
 * `npm run eval -- <name> [options]`: runs one evaluation from scripts/eval/<name>.ts and prints its table.
 * Each module exports `run(args: string[]): Promise<void>`.
 */
import { NotConfiguredError } from '../lib/runtime/create-pipeline-deps';
import { InputError } from './lib/eval-data';

const EVALS = ['passages', 'extract', 'factcheck-bench', 'verdict-rules', 'attribution', 'text-fragments'] as const;

/** Problems of setup or input, told to the person in one line; anything else is a bug and keeps its stack. */
function isInputProblem(error: unknown): error is Error {
  if (error instanceof InputError || error instanceof NotConfiguredError) return true;
  // node:util parseArgs: an unknown option or a missing value.
  const code = (error as { code?: unknown } | null)?.code;
  return error instanceof Error && typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS_');
}

const [name, ...args] = process.argv.slice(2);
if (!name || !(EVALS as readonly string[]).includes(name)) {
  console.error(`Usage: npm run eval -- <${EVALS.join('|')}> [options]`);
  process.exit(2);
}
const module = (await import(`./eval/${name}.ts`)) as { run(args: string[]): Promise<void> };
try {
  await module.run(args);
} catch (error) {
  if (!isInputProblem(error)) throw error;
  console.error(error.message);
  process.exit(2);
}
