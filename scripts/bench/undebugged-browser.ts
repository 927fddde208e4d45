/**
 * Chromium driven over its DevTools pipe without Playwright, for timing service worker starts as a person's browser
 * has them (issue 27). Playwright attaches to every new worker and holds it paused until its own setup has gone to
 * Node and back (auto-attach with `waitForDebuggerOnStart`), which adds the same wait to every wake it times; this
 * client attaches to nothing on its own: it opens pages, runs functions in them, stops workers, and reads a worker
 * only when asked, after the timed part.
 *
 * The protocol over `--remote-debugging-pipe`: the browser reads commands on its file descriptor 3 and writes replies
 * and events on 4, each a JSON message ended by a NUL byte (the same pipe Playwright launches Chromium with).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';

interface Reply {
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
  /** Opens `url` in a new tab and returns a session on it. */
  openPage(url: string): Promise<string>;
  /** Runs `fn(arg)` in the page or worker of `session`, awaiting it, and returns its value. */
  run<A, R>(session: string, fn: (arg: A) => R | Promise<R>, arg: A): Promise<R>;
  /** Stops every service worker; resolves once the browser reports none running or starting. */
  stopAllWorkers(session: string): Promise<void>;
  /** The script addresses of the service workers running now. */
  runningWorkers(): Promise<string[]>;
  /** Attaches to the running service worker whose script is `scriptUrl`, runs `fn` in it and detaches. */
  inWorker<R>(scriptUrl: string, fn: () => R | Promise<R>): Promise<R>;
  close(): Promise<void>;
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
  const pending = new Map<number, { resolve: (reply: Reply) => void; reject: (error: Error) => void }>();
  const listeners = new Set<(event: Reply) => void>();
  let buffered = '';
  fromBrowser.setEncoding('utf8');
  fromBrowser.on('data', (chunk: string) => {
    buffered += chunk;
    let end: number;
    while ((end = buffered.indexOf('\0')) >= 0) {
      const message = JSON.parse(buffered.slice(0, end)) as Reply;
      buffered = buffered.slice(end + 1);
      if (message.id !== undefined) {
        const waiter = pending.get(message.id);
        pending.delete(message.id);
        if (message.error) waiter?.reject(new Error(message.error.message));
        else waiter?.resolve(message);
      } else for (const listener of listeners) listener(message);
    }
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exited.then(() => {
    for (const waiter of pending.values()) waiter.reject(new Error('The browser exited.'));
    pending.clear();
  });

  const send = (method: string, params: Record<string, unknown> = {}, sessionId?: string) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve: (reply) => resolve(reply.result ?? {}), reject });
      toBrowser.write(`${JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) })}\0`);
    });
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

  // The browser is ready once it answers; its first tab (about:blank) may take a moment to exist.
  await send('Browser.getVersion');
  return {
    async openPage(url) {
      const { targetId } = (await send('Target.createTarget', { url })) as { targetId: string };
      const session = await attach(targetId);
      // Until the page has loaded, chrome.runtime is not there: wait for it.
      for (let tries = 0; ; tries++) {
        const ready = await run(
          session,
          () => document.readyState === 'complete' && typeof (globalThis as { chrome?: unknown }).chrome === 'object',
          null,
        ).catch(() => false);
        if (ready) return session;
        if (tries > 600) throw new Error(`${url} did not load.`);
        await new Promise((resolve) => setTimeout(resolve, 50)); // poll interval
      }
    },
    run,
    async stopAllWorkers(session) {
      const running = new Map<string, string>();
      let settle: (() => void) | undefined;
      const listener = (event: Reply) => {
        if (event.method !== 'ServiceWorker.workerVersionUpdated') return;
        for (const version of (event.params as { versions: Array<{ versionId: string; runningStatus: string }> })
          .versions)
          running.set(version.versionId, version.runningStatus);
        if ([...running.values()].every((status) => status === 'stopped')) settle?.();
      };
      listeners.add(listener);
      try {
        const stopped = new Promise<void>((resolve) => (settle = resolve));
        await send('ServiceWorker.enable', {}, session);
        await send('ServiceWorker.stopAllWorkers', {}, session);
        await Promise.race([
          stopped,
          new Promise((_, reject) => setTimeout(() => reject(new Error('Workers not stopped in 30 s.')), 30_000)),
        ]);
      } finally {
        listeners.delete(listener);
        await send('ServiceWorker.disable', {}, session).catch(() => undefined);
      }
    },
    async runningWorkers() {
      const { targetInfos } = (await send('Target.getTargets')) as { targetInfos: TargetInfo[] };
      return targetInfos.filter((target) => target.type === 'service_worker').map((target) => target.url);
    },
    async inWorker(scriptUrl, fn) {
      const { targetInfos } = (await send('Target.getTargets')) as { targetInfos: TargetInfo[] };
      const worker = targetInfos.find((target) => target.type === 'service_worker' && target.url === scriptUrl);
      if (!worker) throw new Error(`No running worker at ${scriptUrl}.`);
      const session = await attach(worker.targetId);
      try {
        return await run(session, fn, null);
      } finally {
        await send('Target.detachFromTarget', { sessionId: session }).catch(() => undefined);
      }
    },
    async close() {
      await send('Browser.close').catch(() => undefined);
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}
