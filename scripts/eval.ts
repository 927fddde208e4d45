/**
 * `npm run eval -- <name> [options]`: runs one evaluation from scripts/eval/<name>.ts and prints its table.
 * Each module exports `run(args: string[]): Promise<void>`.
 */
import { NotConfiguredError } from '../lib/runtime/create-pipeline-deps';

const EVALS = ['passages', 'extract', 'factcheck-bench', 'verdict-rules', 'attribution', 'text-fragments'] as const;

const [name, ...args] = process.argv.slice(2);
if (!name || !(EVALS as readonly string[]).includes(name)) {
  console.error(`Usage: npm run eval -- <${EVALS.join('|')}> [options]`);
  process.exit(2);
}
const module = (await import(`./eval/${name}.ts`)) as { run(args: string[]): Promise<void> };
try {
  await module.run(args);
} catch (error) {
  // A missing model endpoint is a setup message for the user, not a crash: no stack trace.
  if (!(error instanceof NotConfiguredError)) throw error;
  console.error(error.message);
  process.exit(2);
}
