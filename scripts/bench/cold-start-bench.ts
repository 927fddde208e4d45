/**
 * The background's cold start in real Chromium (issue 27). An MV3 service worker is stopped after ~30 s idle,
 * so the first click after a pause waits for it to start again. Factlight and an empty MV3 extension are
 * loaded into the same browser; each round stops every worker through the DevTools protocol, waits until
 * Chromium reports them stopped, and times one message from each extension's own page until its answer
 * (the empty one first in even rounds, Factlight first in odd ones). The first round of each series is
 * dropped (the browser's own caches are still warming). Each woken worker's clock, read after the timed round trip,
 * says where the time went (the browser starting it, its scripts and the doorway, the listeners, the answer). Then
 * the first `startCheck` after a stop: until its
 * reply, and until the check's first progress is written, against the same on a warm worker, right after a panel's
 * status woke the worker, and a second after it (the doorway parses the router once it has answered); the
 * cold check's worker clock, read after it, says where its first step went (INTAKE_MARKS).
 *
 * Playwright installs both extensions and sets Factlight up for the loopback world through its options page, as a
 * person would; then the same profile is opened in a browser no debugger holds (undebugged-browser.ts), each page in
 * a window of its own with Playwright's foreground switches, where every figure is taken: Playwright keeps each new
 * worker paused until its own setup has been to Node and back, and tracks its runtime and network, which a person's
 * browser does not do (BENCHMARKS.md "Cold start": 1–2 ms of a wake between its launch and a bare one).
 */
import { DOORWAY_MARKS, INTAKE_MARKS } from '../../lib/background/doorway-marks';
import { browserPath } from '../lib/browsers';
import { configureForWorld } from '../lib/extension/configure';
import { EXTENSION_DIR, extensionBrowserArgs, launchWithExtension } from '../lib/extension/launch';
import { makeTempDir, removeTempDir } from '../lib/extension/temp-dirs';
import { startFactWorld } from '../lib/servers';
import { WORLD_TEXT } from '../lib/servers/fact-world';
import { buildEmptyExtension } from './empty-extension';
import { FOREGROUND_SWITCHES, launchUndebugged, type UndebuggedBrowser } from './undebugged-browser';

const ROUNDS = 10;
/**
 * Rounds of the cold first message, the ratio's two series: more than the checks' rounds, as the yardstick's wake
 * (9–11 ms on a two-core machine) moves by a millisecond from one median of 9 to the next, a tenth of the ratio.
 */
const COLD_ROUNDS = 21;
const TARGET_RATIO = 2;
/** How long a person takes between the panel opening and their click on "Check", at the least. */
const PERSON_PAUSE_MS = 1000;

/** A command in @webext-core/messaging's envelope, as our pages send it. */
function envelope(type: string, data?: unknown) {
  return { id: Math.floor(Math.random() * 1e9), type, data, timestamp: Date.now() };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/*
 * The functions below run inside the page. They avoid named inner functions on purpose: tsx compiles
 * with esbuild's keepNames, which wraps them in a `__name(...)` helper that does not exist in the page.
 */

/** Runs a function in one of the extension's pages and returns its value. */
type InPage = <A, R>(fn: (arg: A) => R | Promise<R>, arg: A) => Promise<R>;

/** A message's round trip, timed in the page; `sentAt` is on the clock all of the browser's contexts share. */
interface RoundTrip {
  elapsed: number;
  /** performance.timeOrigin + performance.now() when it was sent (comparable with a worker's timeOrigin). */
  sentAt: number;
}

/** Sends `message` from the page and times it until the background's answer. */
function sendTimed(page: InPage, message: ReturnType<typeof envelope>): Promise<RoundTrip> {
  return page(async (sent: ReturnType<typeof envelope>) => {
    const runtime = (globalThis as unknown as { chrome: { runtime: { sendMessage(m: unknown): Promise<unknown> } } })
      .chrome.runtime;
    const start = performance.now();
    const reply = (await runtime.sendMessage(sent)) as { res?: unknown; err?: unknown } | undefined;
    const elapsed = performance.now() - start;
    if (!reply || reply.err !== undefined) throw new Error(`No answer to ${sent.type}: ${JSON.stringify(reply)}`);
    return { elapsed, sentAt: performance.timeOrigin + start };
  }, message);
}

/** Milliseconds from sending `message` from the page until the background's answer. */
const timeMessage = async (page: InPage, message: ReturnType<typeof envelope>) =>
  (await sendTimed(page, message)).elapsed;

/** A woken worker's life on its own clock: when it began, and the marks it left (DOORWAY_MARKS, INTAKE_MARKS). */
interface WorkerClock {
  timeOrigin: number;
  marks: Record<string, number>;
}

/** Reads the clock of the extension's worker now running (the one the last message woke, or kept awake). */
function workerClock(browser: UndebuggedBrowser, extensionId: string): Promise<WorkerClock> {
  return browser.inWorker(`chrome-extension://${extensionId}/background.js`, () => ({
    timeOrigin: performance.timeOrigin,
    marks: Object.fromEntries(performance.getEntriesByType('mark').map((mark) => [mark.name, mark.startTime])),
  }));
}

/**
 * Where a cold first message's time went, from the page's send and the woken worker's clock: the browser starting the
 * worker (send → the worker's time origin), its scripts reaching it and the doorway's module running (→ the doorway's
 * first mark), the doorway's listeners (→ its second mark), and the message dispatched, answered and back in the page.
 * The empty extension has no doorway: its worker's time is one part.
 */
function wakeParts(trip: RoundTrip, clock: WorkerClock, doorway: boolean): number[] {
  const started = clock.timeOrigin - trip.sentAt;
  // A worker that began before the message was sent is not the one it woke (a stale clock): nothing to say.
  if (started < 0)
    throw new Error(`The worker read began ${-started} ms before the message that should have woken it.`);
  if (!doorway) return [started, trip.elapsed - started];
  const opening = clock.marks[DOORWAY_MARKS.opening];
  const listening = clock.marks[DOORWAY_MARKS.listening];
  if (opening === undefined || listening === undefined)
    throw new Error('The woken worker left no doorway marks: is .output/chrome-mv3 an older build?');
  return [started, opening, listening - opening, trip.elapsed - started - listening];
}

interface CheckTimes {
  checkId: string;
  /** startCheck sent → its reply (the check row is written). */
  replied: number;
  /** startCheck sent → the check's first progress written (its sentences counted). */
  progressed: number;
  /**
   * startCheck sent → the engine has taken the check up (the row running and settled: the intake's draft is settled
   * by the engine, in Chrome once its offscreen document is open and its engine started). Not read for a cancel.
   */
  takenUp: number;
  /** When it was sent, on the clock every context of the browser shares (comparable with a worker's timeOrigin). */
  sentAt: number;
}

/**
 * Dexie's channel: after each committed write it posts the changed tables on this BroadcastChannel, which is how
 * the side panel's live queries hear of a worker's writes (`STORAGE_MUTATED_DOM_EVENT_NAME` in Dexie 4's
 * dist/dexie.mjs).
 */
const DEXIE_MUTATIONS_CHANNEL = 'x-storagemutated-1';

/**
 * Sends `message` from the page, then reads the check's row each time Dexie says the database changed, as the side
 * panel does, until the check has its first progress and the engine has taken it up (`until: 'progress'`, the check
 * being the one the reply names) or has ended (`'ended'`, the check `checkId`). Reading only then matters on a
 * two-core machine: a page that read in a loop would take a core from the worker it times. A read every 100 ms as
 * well, in case Dexie's channel ever changes name: the bench would then notice up to 100 ms late, never early (figures
 * far above those in BENCHMARKS.md would be the sign). A minute without it fails the bench, and so does a check that
 * ended before the engine took it up (the world is broken: there is nothing to time).
 */
function sendAndWatch(
  page: InPage,
  message: ReturnType<typeof envelope>,
  until: 'progress' | 'ended',
  checkId?: string,
): Promise<CheckTimes> {
  return page(
    async ({
      sent,
      until,
      known,
      channelName,
    }: {
      sent: ReturnType<typeof envelope>;
      until: 'progress' | 'ended';
      known: string | undefined;
      channelName: string;
    }) => {
      const runtime = (globalThis as unknown as { chrome: { runtime: { sendMessage(m: unknown): Promise<unknown> } } })
        .chrome.runtime;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('factlight');
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const channel = new BroadcastChannel(channelName);
      let fallback: ReturnType<typeof setInterval> | undefined;
      let deadline: ReturnType<typeof setTimeout> | undefined;
      try {
        const start = performance.now();
        const reply = (await runtime.sendMessage(sent)) as {
          res?: { ok?: boolean; checkId?: string };
          err?: unknown;
        };
        const replied = performance.now() - start;
        if (reply.err !== undefined) throw new Error(`No answer to ${sent.type}: ${JSON.stringify(reply)}`);
        const id = known ?? reply.res?.checkId;
        if (!id) throw new Error(`Check not started: ${JSON.stringify(reply)}`);
        let progressed: number | undefined;
        const takenUp = await new Promise<number>((resolve, reject) => {
          deadline = setTimeout(() => reject(new Error(`Check ${id}: not ${until} within a minute.`)), 60_000);
          // Assigned, not declared as a named function: see the note above on esbuild's keepNames.
          channel.onmessage = () => {
            const request = db.transaction('checks').objectStore('checks').get(id);
            request.onerror = () => reject(request.error);
            request.onsuccess = () => {
              const row = request.result as
                { status: string; unsettled?: boolean; progress: { sentences: number } } | undefined;
              if (!row) return;
              const now = performance.now() - start;
              const ended = row.status !== 'running' && row.status !== 'queued';
              if (until === 'ended') {
                if (ended) resolve(now);
                return;
              }
              if (row.progress.sentences > 0) progressed ??= now;
              if (progressed !== undefined && row.status === 'running' && !row.unsettled) resolve(now);
              else if (ended) reject(new Error(`Check ${id} ended (${row.status}) before the engine took it up.`));
            };
          };
          fallback = setInterval(() => channel.onmessage?.(new MessageEvent('message')), 100);
          channel.onmessage(new MessageEvent('message'));
        });
        return {
          checkId: id,
          replied,
          progressed: progressed ?? takenUp,
          takenUp,
          sentAt: performance.timeOrigin + start,
        };
      } finally {
        clearInterval(fallback);
        clearTimeout(deadline);
        channel.close();
        db.close();
      }
    },
    { sent: message, until, known: checkId, channelName: DEXIE_MUTATIONS_CHANNEL },
  );
}

/** Starts a check and times its reply and its first progress. */
const timeFirstProgress = (page: InPage, message: ReturnType<typeof envelope>) =>
  sendAndWatch(page, message, 'progress');

/**
 * Cancels a check and waits until the background has ended it, so no run the next stop interrupts is resumed at the
 * next wake and weighs on what that wake times. (Playwright's `waitForFunction` does not await an async predicate:
 * the promise it returns counts as true at once, so a wait written with one did not wait, and runs piled up from
 * round to round.)
 */
async function cancelAndSettle(page: InPage, checkId: string): Promise<void> {
  await sendAndWatch(page, envelope('cancelCheck', { checkId }), 'ended', checkId);
}

const ms = (value: number) => `${value.toFixed(0)} ms`;
const ms1 = (value: number) => `${value.toFixed(1)} ms`;
/** The middle half of `values` (first to third quartile), to show how far a median can move. */
function spread(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (share: number) => sorted[Math.round(share * (sorted.length - 1))]!;
  return `${at(0.25).toFixed(0)}–${at(0.75).toFixed(0)} ms`;
}
/**
 * Where a cold check's first step went, from its send and the woken worker's marks (DOORWAY_MARKS, INTAKE_MARKS): the
 * worker started and its listeners in place, the message reaching the intake, the intake's import, the draft (the
 * language guessed, the sentences split), the database's open and the write, the answer back in the page, and the
 * first progress read there.
 */
function checkParts(times: CheckTimes, clock: WorkerClock): number[] {
  const started = clock.timeOrigin - times.sentAt;
  if (started < 0)
    throw new Error(`The worker read began ${started.toFixed(1)} ms before the check that should have woken it.`);
  const at = (name: string) => {
    const mark = clock.marks[name];
    // The intake handed the check to the router (no database yet, a failed write), or the build has no marks.
    if (mark === undefined) throw new Error(`The woken worker left no mark ${name}: did the intake take the check in?`);
    return started + mark;
  };
  const listening = at(DOORWAY_MARKS.listening);
  const message = at(INTAKE_MARKS.message);
  const imported = at(INTAKE_MARKS.imported);
  const drafted = at(INTAKE_MARKS.drafted);
  const written = at(INTAKE_MARKS.written);
  // A later life of the worker would have marks of its own, after the reply: then these are not the timed check's.
  if (written > times.replied)
    throw new Error(
      `The check was written ${(written - times.replied).toFixed(1)} ms after its reply: another life's clock.`,
    );
  return [
    listening,
    message - listening,
    imported - message,
    drafted - imported,
    written - drafted,
    times.replied - written,
    times.progressed - times.replied,
  ];
}
const medianPart = (rows: number[][], index: number) => median(rows.map((row) => row[index]!));

export async function benchColdStart(): Promise<{ lines: string[]; ok: boolean }> {
  const emptyDir = buildEmptyExtension();
  const xdg = makeTempDir('factlight-xdg-');
  const world = await startFactWorld();
  let profile: string | undefined;
  let browser: UndebuggedBrowser | undefined;
  try {
    const setup = await launchWithExtension({ alsoLoad: [emptyDir] });
    profile = setup.userDataDir;
    let emptyId: string | undefined;
    try {
      await configureForWorld(setup, world);
      emptyId = setup.context
        .serviceWorkers()
        .map((worker) => new URL(worker.url()))
        .find((url) => url.host !== setup.extensionId && url.pathname === '/background.js')?.host;
      if (!emptyId) throw new Error('The empty extension did not start.');
    } finally {
      // Kept for the undebugged browser; a failure to close is only said, not put in place of the setup's own.
      await setup.close({ keepProfile: true }).catch((error: unknown) => console.warn('Setup browser close', error));
    }
    browser = await launchUndebugged(
      browserPath('chromium'),
      [
        ...extensionBrowserArgs([EXTENSION_DIR, emptyDir]),
        ...FOREGROUND_SWITCHES,
        `--user-data-dir=${profile}`,
        '--headless',
      ],
      { ...process.env, XDG_CONFIG_HOME: xdg, XDG_CACHE_HOME: xdg },
    );
    const undebugged = browser;
    const inPage =
      (session: string): InPage =>
      (fn, arg) =>
        undebugged.run(session, fn, arg);
    // Pages that send nothing on their own: Factlight's privacy page and the empty extension's probe.
    const oursSession = await browser.openPage(`chrome-extension://${setup.extensionId}/privacy.html`);
    const ours = inPage(oursSession);
    const empty = inPage(await browser.openPage(`chrome-extension://${emptyId}/probe.html`));
    // A person's pause: Chrome's offscreen document, which runs the engine, closes 20 s after its last use
    // (engine-idle.ts), before the worker stops (~30 s after its last event). The bench's checks are cancelled as soon
    // as the engine has taken them up, so the bench closes the document before it stops the workers, as that pause
    // would have (its close when its worker stops, engine-host.ts, would otherwise fall inside the timed wake). The
    // first-message rounds never open it (a status opens nothing): this changes only the check rounds.
    const offscreen = `chrome-extension://${setup.extensionId}/offscreen.html`;
    const workers = {
      stopAll: async () => {
        // A document opened while the workers stopped (a command sent again to a new one) is closed, and the stop
        // made again: a round must start with neither running.
        for (let attempt = 0; attempt < 3; attempt++) {
          await undebugged.closeTargetsAt(offscreen);
          await undebugged.stopAllWorkers(oursSession);
          if ((await undebugged.closeTargetsAt(offscreen)) === 0) return;
        }
        throw new Error('The engine document kept opening while the workers were stopped.');
      },
    };

    const cold = { factlight: [] as number[], empty: [] as number[] };
    const parts = { factlight: [] as number[][], empty: [] as number[][] };
    for (let round = 0; round < COLD_ROUNDS; round++) {
      const order = round % 2 ? (['factlight', 'empty'] as const) : (['empty', 'factlight'] as const);
      for (const which of order) {
        await workers.stopAll();
        const trip = await sendTimed(which === 'empty' ? empty : ours, envelope('getStatus'));
        // Read after the timed round trip, so reading it takes nothing from what is timed.
        const clock = await workerClock(browser, which === 'empty' ? emptyId : setup.extensionId);
        if (round === 0) continue;
        cold[which].push(trip.elapsed);
        parts[which].push(wakeParts(trip, clock, which === 'factlight'));
      }
    }
    // A command only the router answers (the options page's settings; a page's capture settings are the same path).
    const routerCold: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      await workers.stopAll();
      const elapsed = await timeMessage(ours, envelope('getSettings'));
      if (round > 0) routerCold.push(elapsed);
    }
    const warm = { factlight: [] as number[], empty: [] as number[] };
    for (let round = 0; round < ROUNDS; round++) {
      warm.factlight.push(await timeMessage(ours, envelope('getStatus')));
      warm.empty.push(await timeMessage(empty, envelope('getStatus')));
    }

    const check = envelope('startCheck', { text: WORLD_TEXT, origin: 'typed' });
    const coldCheck: CheckTimes[] = [];
    const coldCheckParts: number[][] = [];
    const warmCheck: CheckTimes[] = [];
    const wokenCheck: CheckTimes[] = [];
    const clickedCheck: CheckTimes[] = [];
    const pausedCheck: CheckTimes[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      await workers.stopAll();
      const first = await timeFirstProgress(ours, { ...check, id: round, timestamp: Date.now() });
      // Read once the first progress is seen, so reading it takes nothing from what is timed, and before the cancel.
      const firstClock = await workerClock(browser, setup.extensionId);
      await cancelAndSettle(ours, first.checkId);
      // The worker is awake now (the cancel woke it if the check had ended): the same start, warm.
      const again = await timeFirstProgress(ours, { ...check, id: 1000 + round, timestamp: Date.now() });
      await cancelAndSettle(ours, again.checkId);
      // A pause of 20–50 s: the engine's document has closed (engine-idle.ts), the worker not yet stopped.
      await undebugged.closeTargetsAt(offscreen);
      const paused = await timeFirstProgress(ours, { ...check, id: 4000 + round, timestamp: Date.now() });
      await cancelAndSettle(ours, paused.checkId);
      // A worker woken by a light command (the panel's status) has not started the router; the intake takes the check.
      await workers.stopAll();
      await timeMessage(ours, envelope('getStatus'));
      const woken = await timeFirstProgress(ours, { ...check, id: 2000 + round, timestamp: Date.now() });
      await cancelAndSettle(ours, woken.checkId);
      // As a person: the panel opens after a pause (its status wakes the worker), and "Check" comes a second later.
      await workers.stopAll();
      await timeMessage(ours, envelope('getStatus'));
      await new Promise((resolve) => setTimeout(resolve, PERSON_PAUSE_MS));
      const clicked = await timeFirstProgress(ours, { ...check, id: 3000 + round, timestamp: Date.now() });
      await cancelAndSettle(ours, clicked.checkId);
      if (round > 0) {
        coldCheck.push(first);
        coldCheckParts.push(checkParts(first, firstClock));
        warmCheck.push(again);
        wokenCheck.push(woken);
        clickedCheck.push(clicked);
        pausedCheck.push(paused);
      }
    }

    const factlight = median(cold.factlight);
    const yardstick = median(cold.empty);
    const ratio = factlight / yardstick;
    const coldProgress = median(coldCheck.map((t) => t.progressed));
    const warmProgress = median(warmCheck.map((t) => t.progressed));
    const budget = TARGET_RATIO * yardstick + warmProgress;
    const n = cold.factlight.length;
    const lines = [
      `Background cold start in real Chromium with no debugger on its workers, medians of ${n} (worker stopped through CDP, then one message from the extension's page):`,
      `                            Factlight     empty MV3 extension`,
      `  cold: first message       ${ms(factlight).padEnd(14)}${ms(yardstick)}` +
        `      (middle half: ${spread(cold.factlight)} / ${spread(cold.empty)})`,
      `    where it went (medians): the browser starting the worker ${ms1(medianPart(parts.factlight, 0))} / ${ms1(medianPart(parts.empty, 0))};` +
        ` Factlight's worker: its scripts and the doorway's module ${ms1(medianPart(parts.factlight, 1))},` +
        ` the doorway's listeners ${ms1(medianPart(parts.factlight, 2))}, the message and its answer ${ms1(medianPart(parts.factlight, 3))};` +
        ` the empty worker, all of it ${ms1(medianPart(parts.empty, 1))}`,
      `  warm: round trip          ${ms(median(warm.factlight)).padEnd(14)}${ms(median(warm.empty))}`,
      `  cold: a command only the router answers (getSettings): ${ms(median(routerCold))}`,
      `  first startCheck: cold ${ms(median(coldCheck.map((t) => t.replied)))} to its reply, ${ms(coldProgress)} to its first progress;` +
        ` warm ${ms(median(warmCheck.map((t) => t.replied)))} / ${ms(warmProgress)}`,
      `    where the cold check's time went (medians, each on its own): the woken worker's listeners in place ${ms1(medianPart(coldCheckParts, 0))} after the send, the message at the intake ${ms1(medianPart(coldCheckParts, 1))} later;` +
        ` the intake's import ${ms1(medianPart(coldCheckParts, 2))}, the draft ${ms1(medianPart(coldCheckParts, 3))}, the database and the write ${ms1(medianPart(coldCheckParts, 4))},` +
        ` the answer back ${ms1(medianPart(coldCheckParts, 5))}, the first progress read ${ms1(medianPart(coldCheckParts, 6))} after it`,
      `  first startCheck right after a panel's status woke the worker: ${ms(median(wokenCheck.map((t) => t.replied)))} to its reply, ${ms(median(wokenCheck.map((t) => t.progressed)))} to its first progress`,
      `  first startCheck ${PERSON_PAUSE_MS / 1000} s after a panel's status woke the worker (the router parsed meanwhile): ${ms(median(clickedCheck.map((t) => t.replied)))} to its reply, ${ms(median(clickedCheck.map((t) => t.progressed)))} to its first progress`,
      `  first startCheck on a worker still awake whose engine document has closed (a pause of 20–50 s): ${ms(median(pausedCheck.map((t) => t.replied)))} to its reply, ${ms(median(pausedCheck.map((t) => t.progressed)))} to its first progress`,
      `  the engine took the check up (its row running and settled) after: cold ${ms(median(coldCheck.map((t) => t.takenUp)))}, warm ${ms(median(warmCheck.map((t) => t.takenUp)))},` +
        ` right after a status ${ms(median(wokenCheck.map((t) => t.takenUp)))}, 1 s after one ${ms(median(clickedCheck.map((t) => t.takenUp)))},` +
        ` its document closed ${ms(median(pausedCheck.map((t) => t.takenUp)))}`,
      `  ${ratio <= TARGET_RATIO ? 'PASS' : 'MISS'} cold start ${ratio.toFixed(2)}× the empty extension's (target ≤ ${TARGET_RATIO.toFixed(1)}×)`,
      `  ${coldProgress <= budget ? 'PASS' : 'MISS'} first progress after a cold start ${ms(coldProgress)} ≤ ${ms(budget)} (2× the empty start + the warm first step)`,
    ];
    return { lines, ok: ratio <= TARGET_RATIO && coldProgress <= budget };
  } finally {
    await browser?.close();
    if (profile) removeTempDir(profile);
    removeTempDir(xdg);
    removeTempDir(emptyDir);
    await world.close();
  }
}
