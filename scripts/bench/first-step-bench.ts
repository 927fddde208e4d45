/**
 * The run's first step on the longest text a check takes (50,000 characters, ~600 sentences), in Node (issue 27):
 * the split of the text, and a whole run from its start (the check's row already written with its sentences,
 * new-check.ts) to its first model request and to its first progress past the sentences (the row's stage
 * "claims"), with the background's run manager on fake-indexeddb. Node's fake-indexeddb is not Chrome's
 * IndexedDB: the database figures say what the run does, not what the browser pays. The parts of the step are
 * timed apart too: the given split taken, the rows written, the rows read back.
 * `npx tsx scripts/bench/first-step-bench.ts` (not part of `npm run bench`: no target, a before/after measure).
 */
// The fake browser and IndexedDB before any background module is loaded.
import './fake-browser-global';

import { performance } from 'node:perf_hooks';

import { Dexie } from 'dexie';

import { createRunManager } from '../../lib/background/run-manager';
import { runSentences, type TextSplit } from '../../lib/core/text/run-sentences';
import { detectLanguage, splitSentences } from '../../lib/core/text/sentences';
import { EMPTY_PROGRESS, sentenceRows } from '../../lib/db/check-rows';
import { FactlightDb } from '../../lib/db/schema';
import { storedSplit } from '../../lib/db/stored-split';
import { createLinkedomExtractor } from '../../lib/extract/linkedom-extractor';
import { DEFAULT_SETTINGS, type Settings } from '../../lib/settings/schema';

const RUNS = 9;
const LIMIT = 50_000;

/** ~600 sentences of varied numbers and words, as long as a check may be. */
function longText(): string {
  const parts: string[] = [];
  let length = 0;
  for (let i = 0; ; i++) {
    const sentence = `Landmark ${i} in the old town of Riverton was completed in ${1800 + (i % 200)} and is ${100 + i} m tall.`;
    if (length + sentence.length + 1 > LIMIT) break;
    parts.push(sentence);
    length += sentence.length + 1;
  }
  return parts.join(' ');
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => `${value.toFixed(1)} ms`;

/** A model that never answers (until the run is cancelled): the run goes no further than its first request. */
function silentFetch(onModelRequest: () => void): typeof fetch {
  return (input, init) => {
    if (String(input instanceof Request ? input.url : input).includes('/chat/completions')) onModelRequest();
    return new Promise<Response>((_, reject) =>
      init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))),
    );
  };
}

const settings: Settings = {
  ...DEFAULT_SETTINGS,
  model: {
    preset: 'custom',
    profiles: {
      custom: {
        baseUrl: 'http://127.0.0.1:9/v1',
        apiKey: '',
        fastModel: 'fake-fast',
        strongModel: 'fake-strong',
        embeddingModel: '',
        structuredOutput: 'json_schema',
      },
    },
  },
  search: { ...DEFAULT_SETTINGS.search, wikipedia: { enabled: false } },
};

/** One run: from its start to its first model request, and to the row's stage "claims" (its first progress). */
interface RunTimes {
  /** startCheck → its answer (the check written with its sentences, the run begun). */
  reply: number;
  model: number;
  claims: number;
  sentences: number;
}

async function timeRun(db: FactlightDb, text: string): Promise<RunTimes> {
  let started = 0;
  let model = 0;
  let claims = 0;
  const runs = createRunManager({
    db,
    loadSettings: async () => settings,
    extractor: createLinkedomExtractor(),
    fetch: silentFetch(() => {
      model ||= performance.now() - started;
    }),
    onCheckChanged: (id) => {
      if (claims) return;
      void db.checks.get(id).then((row) => {
        if (!claims && row?.stage === 'claims') claims = performance.now() - started;
      });
    },
  });
  started = performance.now();
  const result = await runs.start({ text, origin: 'typed' });
  const reply = performance.now() - started;
  if (!result.ok) throw new Error(result.error);
  while (!model || !claims) await new Promise((resolve) => setTimeout(resolve, 1));
  await runs.cancel(result.checkId);
  while (runs.activeRuns > 0) await new Promise((resolve) => setTimeout(resolve, 1));
  const sentences = (await db.checks.get(result.checkId))!.progress.sentences;
  return { reply, model, claims, sentences };
}

/** Times `step` RUNS + 1 times: its first call (code not yet optimised) and the median of the others. */
async function timed(step: () => unknown): Promise<string> {
  const values: number[] = [];
  for (let run = 0; run < RUNS + 1; run++) {
    const begin = performance.now();
    await step();
    values.push(performance.now() - begin);
  }
  return `first ${ms(values[0]!)}, then median ${ms(median(values.slice(1)))}`;
}

/**
 * What a run's first step is made of, apart: the stored split taken (its fit to the text checked) against the text
 * split again, and the rows read back against the rows written again (fake-indexeddb).
 */
async function stepParts(db: FactlightDb, split: TextSplit): Promise<void> {
  console.log(`the given split taken (runSentences): ${await timed(() => runSentences(text, { split }))}`);
  const check = { id: 'parts', language: split.language, progress: { ...EMPTY_PROGRESS, sentences: count } };
  const rows = sentenceRows(check.id, split.sentences);
  const write = () => db.transaction('rw', db.sentences, () => db.sentences.bulkPut(rows));
  console.log(`its ${count} rows written (bulkPut): ${await timed(write)}`);
  console.log(`its ${count} rows read back (storedSplit): ${await timed(() => storedSplit(db, check))}`);
  await db.sentences.where('checkId').equals(check.id).delete();
}

// Every run's claim batches listen on its one abort signal (more than Node's default of 10): not a leak, not news.
process.removeAllListeners('warning');

const text = longText();
const language = detectLanguage(text);
const splits: number[] = [];
let count = 0;
// The first split of a process is timed apart: a woken worker's run splits with its code not yet optimised.
for (let run = 0; run < RUNS + 1; run++) {
  const begin = performance.now();
  count = splitSentences(text, language).length;
  splits.push(performance.now() - begin);
}
console.log(`text: ${text.length} characters, ${count} sentences (${language})`);
console.log(`split of the text (splitSentences): first ${ms(splits[0]!)}, then median ${ms(median(splits.slice(1)))}`);

const db = new FactlightDb('bench-first-step');
const times: RunTimes[] = [];
try {
  // Opened first: the first transaction of a process would otherwise count the database's opening.
  await db.open();
  await stepParts(db, { language, sentences: splitSentences(text, language) });
  // The first run is dropped: it opens the database and warms the modules.
  for (let run = 0; run < RUNS + 1; run++) {
    const time = await timeRun(db, text);
    if (run > 0) times.push(time);
  }
} finally {
  db.close();
  await Dexie.delete(db.name);
}
const of = (key: 'reply' | 'model' | 'claims') => ms(median(times.map((time) => time[key])));
console.log(
  `medians of ${RUNS} runs, from startCheck: its answer ${of('reply')}; the first model request ${of('model')};`,
);
console.log(`  the row's stage "claims" stored ${of('claims')}`);
console.log(`sentences counted at the end: ${times[0]?.sentences}`);
