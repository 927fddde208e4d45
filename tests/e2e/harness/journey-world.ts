/**
 * The lifecycle every journey shares: one loopback fact world per file, a fresh browser per test (closed after
 * it, also when the test fails), and the extension pointed at the world through its options page.
 */
import { afterAll, afterEach, beforeAll, expect } from 'vitest';

import { type FactWorld, startFactWorld } from '../../../scripts/lib/servers';
import { type ExtensionDriver, launchDriver, type LaunchOptions } from './driver';
import { configureDriverForWorld } from './journey-pages';

export interface JourneyWorld {
  /** The file's loopback world (model, SearXNG, sites); set once `beforeAll` has run. */
  readonly world: FactWorld;
  /** A fresh browser with the extension and nothing set up (`options`: e.g. a real site's origin on loopback). */
  launch(options?: LaunchOptions): Promise<ExtensionDriver>;
  /** A fresh browser whose extension uses the world's model and search, saved through the options page. */
  configured(): Promise<ExtensionDriver>;
  /** `next` replaces `previous` (a relaunch): only the browser that runs is closed after the test. */
  replace(previous: ExtensionDriver, next: ExtensionDriver): void;
}

/**
 * Registers the hooks in the calling `describe`. `afterEachTest` runs before the browsers close (e.g. to
 * restore a server's scripted answers).
 */
export function useJourneyWorld(afterEachTest?: (world: FactWorld) => void): JourneyWorld {
  let world: FactWorld | undefined;
  const drivers: ExtensionDriver[] = [];
  beforeAll(async () => {
    world = await startFactWorld();
  });
  afterEach(async () => {
    if (world) afterEachTest?.(world);
    await Promise.all(drivers.splice(0).map((driver) => driver.close()));
  });
  afterAll(() => world?.close());

  const journey: JourneyWorld = {
    get world() {
      if (!world) throw new Error('The fact world starts in beforeAll: use it inside a test.');
      return world;
    },
    async launch(options) {
      const driver = await launchDriver(options);
      drivers.push(driver);
      return driver;
    },
    async configured() {
      const driver = await journey.launch();
      expect(await configureDriverForWorld(driver, journey.world)).toBe('Settings saved.');
      return driver;
    },
    replace(previous, next) {
      drivers.splice(drivers.indexOf(previous), 1, next);
    },
  };
  return journey;
}
