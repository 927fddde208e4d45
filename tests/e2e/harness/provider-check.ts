/**
 * Shared setup for journeys against a provider's strict loopback mode (scripts/lib/servers/provider-rules):
 * a model server that behaves as that provider and answers as the fact world's model, and a check started
 * in the real side panel, read where a person looks first and claim by claim (each highlighted span's
 * accessible name states its verdict). Issue 22 says a failure once, at the top, with Retry: the
 * `check-failure` line when some claims could not be judged, and the failed check's own status line when
 * none could (lib/db/check-writer.ts stores a check that judged nothing as failed, with the same sentence).
 */
import { type FactWorld, type OpenAiServer, startOpenAiServer, worldResponder } from '../../../scripts/lib/servers';
import type { ProviderRules } from '../../../scripts/lib/servers/provider-rules';
import type { ExtensionDriver } from './driver';
import { byTestId, configureDriverForModel, DriverSidePanel } from './journey-pages';

/** A model server in `rules`' strict mode that answers as the fact world's model does. */
export async function startProviderModel(rules: ProviderRules, apiKey?: string): Promise<OpenAiServer> {
  const model = await startOpenAiServer({ provider: rules, ...(apiKey ? { apiKey } : {}) });
  model.respondWith(worldResponder);
  return model;
}

/** What a person reads once a check has finished. */
export interface CheckReading {
  /** The check's failure line (issue 22), or undefined when the check shows none. */
  failure: string | undefined;
  /** Which line said it: `claims` (some failed: `check-failure`) or `check` (none judged: the check failed). */
  failedWhole: boolean;
  /** Each highlighted claim's accessible name: its text and verdict. */
  claimLabels: string[];
  /** Each highlighted claim's band. */
  bands: Array<string | null>;
}

/** How one provider is set up in the options page. */
export interface ProviderSetup {
  preset: string;
  model: OpenAiServer;
  apiKey: string;
  fastModel: string;
  strongModel: string;
}

/**
 * Sets the extension up for `setup` through its options page (the world's SearXNG for search), starts a
 * check of `text` in the side panel as a person would, and reads the result once it has finished.
 */
export async function checkWithProvider(
  driver: ExtensionDriver,
  world: Pick<FactWorld, 'searxng'>,
  setup: ProviderSetup,
  text: string,
): Promise<CheckReading> {
  const { model, ...form } = setup;
  const saved = await configureDriverForModel(driver, world, { ...form, baseUrl: model.baseUrl });
  if (saved !== 'Settings saved.') throw new Error(`The options page did not save: ${saved}`);
  const panel = await DriverSidePanel.open(driver);
  try {
    await panel.check(text);
    await panel.waitForResult();
    const partial = byTestId('check-failure');
    const whole = `${byTestId('check-status')}[data-status="failed"]`;
    const failedWhole = (await panel.page.count(whole)) > 0;
    const failure = failedWhole ? whole : (await panel.page.count(partial)) > 0 ? partial : undefined;
    return {
      failure: failure ? await panel.page.text(failure) : undefined,
      failedWhole,
      claimLabels: (await panel.page.attributes(byTestId('span'), 'aria-label')).map((label) => label ?? ''),
      bands: await panel.bands(),
    };
  } finally {
    await panel.page.close();
  }
}
