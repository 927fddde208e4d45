/**
 * Chromium driven over its DevTools pipe without Playwright, for timing service worker starts as a person's browser
 * has them (issue 27). Playwright attaches to every new worker and holds it paused until its own setup has gone to
 * Node and back (auto-attach with `waitForDebuggerOnStart`, then Runtime and Network tracking in the worker); this
 * client attaches to no worker on its own: it opens pages, runs functions in them, stops workers, and reads a worker
 * only when asked, after the timed part.
 *
 * The protocol over `--remote-debugging-pipe`: the browser reads commands on its file descriptor 3 and writes replies
 * and events on 4, each a JSON message ended by a NUL byte (the same pipe Playwright launches Chromium with).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';

interface Message {
  id?: number;
  method?: string;
  params?: Record<string, unknown>;
  result?: Record<string, unknown>;
  error?: { message: string };
  sessionId?: string;
}

interface TargetInfo {
  targetId: string;
  type: string;
  url: string;
}

export interface UndebuggedBrowser {
  /**
   * Opens `url` in a window of its own and returns a session on it once loaded. Headless Chromium reports some of
   * these pages hidden whatever is done (Page.bringToFront included); FOREGROUND_SWITCHES keep their renderers at
   * full priority all the same, as they did in the runs Playwright held.
   */
  openPage(url: string): Promise<string>;
  /** Runs `fn(arg)` in the page or worker of `session`, awaiting it, and returns its value. */
  run<A, R>(session: string, fn: (arg: A) => R | Promise<R>, arg: A): Promise<R>;
  /** Stops every service worker; resolves once the browser reports none running or starting. */
  stopAllWorkers(session: string): Promise<void>;
  /** Closes every target (page, offscreen document) at `url`; resolves with how many, once the browser lists none. */
  closeTargetsAt(url: string): Promise<number>;
  /** Attaches to the running service worker whose script is `scriptUrl`, runs `fn` in it and detaches. */
  inWorker<R>(scriptUrl: string, fn: () => R | Promise<R>): Promise<R>;
  close(): Promise<void>;
}

/**
 * Playwright's switches that keep a page's renderer at full priority whatever its window's state; a person's
 * foreground panel has that priority anyway, and the bench's two pages must be timed alike.
 */
export const FOREGROUND_SWITCHES = [
  '--disable-renderer-backgrounding',
  '--disable-background-timer-throttling',
  '--disable-backgrounding-occluded-windows',
];

/** How long a command may take before the bench gives up on the browser (a check's first progress takes < 1 s). */
const COMMAND_TIMEOUT_MS = 90_000;
/** How long the browser may take to start and answer its first command. */
const START_TIMEOUT_MS = 30_000;
/** How long a page may take to load. */
const PAGE_TIMEOUT_MS = 30_000;
/** How long a stop waits for the browser's report before it stops and asks for the report again. */
const STOP_AGAIN_MS = 2_000;

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves with `promise`, or rejects with `what` once `ms` have passed (the timer is cleared either way). */
async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(what)), ms))),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export async function launchUndebugged(
  executablePath: string,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<UndebuggedBrowser> {
  const child: ChildProcess = spawn(executablePath, [...args, '--remote-debugging-pipe', 'about:blank'], {
    stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'],
    env,
  });
  const toBrowser = child.stdio[3] as Writable;
  const fromBrowser = child.stdio[4] as Readable;
  let nextId = 1;
  const pending = new Map<number, { resolve: (message: Message) => void; reject: (error: Error) => void }>();
  const listeners = new Set<(event: Message) => void>();
  let gone: Error | undefined;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  /** The browser is gone (exited, or could not be started): every command waiting and to come fails with `error`. */
  const fail = (error: Error) => {
    gone ??= error;
    for (const waiter of pending.values()) waiter.reject(gone);
    pending.clear();
  };
  void exited.then(() => fail(new Error('The browser exited.')));
  child.on('error', (error) => fail(new Error(`The browser could not be run: ${error.message}`)));
  // A pipe closed under the browser's exit errors on its own (ECONNRESET): the exit says it.
  toBrowser.on('error', (error) => fail(error));
  fromBrowser.on('error', (error) => fail(error));

  let buffered = '';
  fromBrowser.setEncoding('utf8');
  fromBrowser.on('data', (chunk: string) => {
    buffered += chunk;
    let end: number;
    while ((end = buffered.indexOf('\0')) >= 0) {
      const message = JSON.parse(buffered.slice(0, end)) as Message;
      buffered = buffered.slice(end + 1);
      if (message.id !== undefined) {
        const waiter = pending.get(message.id);
        pending.delete(message.id);
        if (message.error) waiter?.reject(new Error(message.error.message));
        else waiter?.resolve(message);
      } else for (const listener of listeners) listener(message);
    }
  });

  const send = (method: string, params: Record<string, unknown> = {}, sessionId?: string) => {
    if (gone) return Promise.reject(gone);
    const id = nextId++;
    const answered = new Promise<Record<string, unknown>>((resolve, reject) => {
      pending.set(id, {
        resolve: (message) => resolve(message.result ?? {}),
        reject: (error) => reject(new Error(`${method}: ${error.message}`)),
      });
    });
    toBrowser.write(`${JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) })}\0`);
    return within(answered, COMMAND_TIMEOUT_MS, `${method}: no answer in ${COMMAND_TIMEOUT_MS / 1000} s`).finally(() =>
      pending.delete(id),
    );
  };
  const attach = async (targetId: string) =>
    (await send('Target.attachToTarget', { targetId, flatten: true })).sessionId as string;

  const run: UndebuggedBrowser['run'] = async (session, fn, arg) => {
    const { result, exceptionDetails } = (await send(
      'Runtime.evaluate',
      { expression: `(${fn.toString()})(${JSON.stringify(arg)})`, awaitPromise: true, returnByValue: true },
      session,
    )) as { result: { value: unknown }; exceptionDetails?: { exception?: { description?: string }; text: string } };
    if (exceptionDetails) throw new Error(exceptionDetails.exception?.description ?? exceptionDetails.text);
    return result.value as Awaited<ReturnType<typeof fn>>;
  };

  const close = async () => {
    if (!gone) await within(send('Browser.close'), 10_000, 'Browser.close').catch(() => undefined);
    await within(exited, 10_000, 'exit').catch(() => undefined);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
  };

  try {
    await within(send('Browser.getVersion'), START_TIMEOUT_MS, 'The browser did not start.');
  } catch (error) {
    await close();
    throw error;
  }
  return {
    async openPage(url) {
      const { targetId } = (await send('Target.createTarget', { url, newWindow: true })) as { targetId: string };
      const session = await attach(targetId);
      const deadline = Date.now() + PAGE_TIMEOUT_MS;
      for (;;) {
        // Loaded: this page (not the tab's first about:blank), with the extension's messaging in it.
        const loaded = await run(
          session,
          (expected: string) =>
            location.href === expected &&
            document.readyState === 'complete' &&
            typeof (globalThis as { chrome?: { runtime?: { sendMessage?: unknown } } }).chrome?.runtime?.sendMessage ===
              'function',
          url,
        ).catch((error: unknown) => {
          // A page still navigating has no context to run in yet: asked again. Anything else is an error.
          if (/context|navigat/i.test(String(error))) return false;
          throw error;
        });
        if (loaded) return session;
        if (Date.now() > deadline) throw new Error(`${url} did not load in ${PAGE_TIMEOUT_MS / 1000} s.`);
        await delay(50); // poll interval
      }
    },
    run,
    async closeTargetsAt(url) {
      const at = async () =>
        ((await send('Target.getTargets')).targetInfos as Array<{ targetId: string; url: string }>).filter(
          (target) => target.url === url,
        );
      const open = await at();
      for (const target of open) await send('Target.closeTarget', { targetId: target.targetId }).catch(() => undefined);
      const deadline = Date.now() + PAGE_TIMEOUT_MS;
      while ((await at()).length > 0) {
        if (Date.now() > deadline) throw new Error(`${url} still open after ${PAGE_TIMEOUT_MS / 1000} s.`);
        await delay(20); // poll interval
      }
      return open.length;
    },
    async stopAllWorkers(session) {
      // The domain is enabled for each stop and disabled after: its first report lists every version, and the stop's
      // own reports follow. (Kept enabled between stops, a version once seen starting was never reported again.)
      const versions = new Map<string, string>();
      let check: (() => void) | undefined;
      const listener = (event: Message) => {
        if (event.method !== 'ServiceWorker.workerVersionUpdated' || event.sessionId !== session) return;
        for (const version of (event.params as { versions: Array<{ versionId: string; runningStatus: string }> })
          .versions)
          versions.set(version.versionId, version.runningStatus);
        check?.();
      };
      listeners.add(listener);
      /** Asks for a fresh report of every version and stops every worker; nothing more once the stop has ended. */
      let ended = false;
      // Whether the enable's report is in (its reply comes after the events it sends): a stop is judged on a whole
      // report, never on the first versions of one.
      let reported = false;
      const stopAndReport = async () => {
        await send('ServiceWorker.disable', {}, session).catch(() => undefined);
        if (ended) return;
        versions.clear();
        reported = false;
        await send('ServiceWorker.enable', {}, session);
        reported = true;
        if (ended) return;
        await send('ServiceWorker.stopAllWorkers', {}, session);
        check?.();
      };
      // A worker woken while this stop runs (an alarm), or a version whose end of starting the domain never reported
      // (seen in 2 of 12 runs), is stopped, and reported, by asking again every 2 s, one ask at a time, for 30 s.
      let again: ReturnType<typeof setInterval> | undefined;
      let asking: Promise<void> | undefined;
      try {
        const stopped = new Promise<void>((resolve) => {
          check = () =>
            reported &&
            versions.size > 0 &&
            [...versions.values()].every((status) => status === 'stopped') &&
            resolve();
        });
        await stopAndReport();
        again = setInterval(() => {
          asking ??= stopAndReport()
            .catch(() => undefined)
            .finally(() => (asking = undefined));
        }, STOP_AGAIN_MS);
        await within(stopped, 30_000, 'Workers not stopped in 30 s').catch((error: unknown) => {
          throw new Error(`${String(error)}: ${JSON.stringify(Object.fromEntries(versions))}`);
        });
      } finally {
        // No ask left running: one that enabled the domain or stopped a worker after this returned would stop the
        // worker the bench then wakes and times.
        ended = true;
        clearInterval(again);
        await asking;
        listeners.delete(listener);
        await send('ServiceWorker.disable', {}, session).catch(() => undefined);
      }
    },
    async inWorker(scriptUrl, fn) {
      const { targetInfos } = (await send('Target.getTargets')) as { targetInfos: TargetInfo[] };
      const worker = targetInfos.find((target) => target.type === 'service_worker' && target.url === scriptUrl);
      if (!worker) throw new Error(`No running worker at ${scriptUrl}.`);
      const session = await attach(worker.targetId);
      try {
        return await run(session, fn, null);
      } finally {
        // Not swallowed: a worker left attached would be held paused at its next start, and that wake not timed right.
        await send('Target.detachFromTarget', { sessionId: session });
      }
    },
    close,
  };
}
