/**
 * `npm run bench`: prints the project's speed and size figures, each against its target. Figures go into
 * BENCHMARKS.md with this command. Exits 0 even when a target is missed (it reports, it does not gate).
 * The side-panel part needs the built extension and the size part both builds: `npm run bench` makes them first.
 */
import { benchColdStart } from './bench/cold-start-bench';
import { benchContentScript } from './bench/content-script-bench';
import { benchExtensionSize } from './bench/extension-size-bench';
import { benchOnDevice } from './bench/on-device-bench';
import { benchPipeline } from './bench/pipeline-bench';
import { benchProviderModes } from './bench/provider-modes-bench';
import { benchLinkAudit, benchThorough } from './bench/quality-bench';
import { benchSidePanel } from './bench/side-panel-bench';

const sections: Array<[string, () => Promise<{ lines: string[]; ok: boolean }>]> = [
  ['Pipeline', benchPipeline],
  ['Side panel', benchSidePanel],
  ['In the page', benchContentScript],
  ['Cold start', benchColdStart],
  ['Extension size', benchExtensionSize],
  ['Link audit', benchLinkAudit],
  ['Thorough mode', benchThorough],
  ['Provider modes', benchProviderModes],
  ['On this device (Prompt API)', benchOnDevice],
];

// BENCH_ONLY=pipeline (any part of a section's name) runs only the matching sections, e.g. while tuning one.
const only = process.env.BENCH_ONLY?.toLowerCase();
const chosen = only ? sections.filter(([name]) => name.toLowerCase().includes(only)) : sections;

console.log(
  `Factlight benchmark — ${new Date().toISOString()} — Node ${process.version}, ${process.platform}/${process.arch}`,
);
const missed: string[] = [];
for (const [name, run] of chosen) {
  console.log(`\n## ${name}`);
  const { lines, ok } = await run();
  for (const line of lines) console.log(line);
  if (!ok) missed.push(name);
}
// Each section is one target; the tally is the line to read first, since a MISS can hide in a long section.
console.log(
  `\n${chosen.length - missed.length} of ${chosen.length} targets met${missed.length ? ` (missed: ${missed.join(', ')})` : ''}`,
);
