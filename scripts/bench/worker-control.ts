/**
 * Stops every extension service worker through the DevTools protocol and waits until Chromium reports each
 * one stopped (ServiceWorker.workerVersionUpdated, runningStatus "stopped"): a round measured before the stop
 * has landed would time a warm worker.
 */
import type { CDPSession } from 'playwright-core';

interface WorkerVersion {
  versionId: string;
  scriptURL: string;
  runningStatus: string;
}

export interface WorkerControl {
  /** Stops all workers; resolves once none is running or starting. */
  stopAll(): Promise<void>;
  /** Resolves once a worker whose script URL starts with `prefix` is running. */
  running(prefix: string): Promise<void>;
}

export async function controlWorkers(cdp: CDPSession): Promise<WorkerControl> {
  const versions = new Map<string, WorkerVersion>();
  const waiters = new Set<() => void>();
  cdp.on('ServiceWorker.workerVersionUpdated', (event: { versions: WorkerVersion[] }) => {
    for (const version of event.versions) versions.set(version.versionId, version);
    for (const check of [...waiters]) check();
  });
  await cdp.send('ServiceWorker.enable');
  const until = (holds: () => boolean, what: string, timeoutMs = 30_000) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => (waiters.delete(check), reject(new Error(`No ${what} in ${timeoutMs} ms`))),
        timeoutMs,
      );
      const check = () => {
        if (!holds()) return;
        clearTimeout(timer);
        waiters.delete(check);
        resolve();
      };
      waiters.add(check);
      check();
    });
  return {
    async stopAll() {
      await cdp.send('ServiceWorker.stopAllWorkers');
      await until(() => [...versions.values()].every((v) => v.runningStatus === 'stopped'), 'stop of every worker');
    },
    running: (prefix) =>
      until(
        () => [...versions.values()].some((v) => v.scriptURL.startsWith(prefix) && v.runningStatus === 'running'),
        `running worker at ${prefix}`,
      ),
  };
}
