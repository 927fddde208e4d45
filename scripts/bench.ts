/**
 * `npm run bench`: prints the project's speed and size figures, each against its target. Figures go into
 * BENCHMARKS.md with this command. Exits 0 even when a target is missed (it reports, it does not gate).
 */
import { benchPipeline } from './bench/pipeline-bench';

const sections: Array<[string, () => Promise<{ lines: string[]; ok: boolean }>]> = [['Pipeline', benchPipeline]];

console.log(`Factlight benchmark — ${new Date().toISOString()} — Node ${process.version}, ${process.platform}/${process.arch}`);
for (const [name, run] of sections) {
  console.log(`\n## ${name}`);
  const { lines } = await run();
  for (const line of lines) console.log(line);
}
