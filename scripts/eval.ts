/**
 * `npm run eval -- <name> [options]`: runs one evaluation from scripts/eval/<name>.ts and prints its table.
 * Each module exports `run(args: string[]): Promise<void>`.
 */
// A module, not a script: top-level await needs it, and its names must not clash with globals (`name`).
export {};

const EVALS = ['passages', 'extract', 'factcheck-bench', 'verdict-rules', 'attribution'] as const;

const [name, ...args] = process.argv.slice(2);
if (!name || !(EVALS as readonly string[]).includes(name)) {
  console.error(`Usage: npm run eval -- <${EVALS.join('|')}> [options]`);
  process.exit(2);
}
const module = (await import(`./eval/${name}.ts`)) as { run(args: string[]): Promise<void> };
await module.run(args);
