import { BANDS, HIGHLIGHT_NAMES } from '../../../lib/highlight/names';
import type { ConnectionOutcome, ModelForm } from '../../../scripts/lib/extension/options-page';
import type { FactWorld } from '../../../scripts/lib/servers';
import type { DriverPage, ExtensionDriver } from './driver';

const byTestId = (id: string) => `[data-testid="${id}"]`;

/** Every `CSS.highlights` name the extension draws with, one per band (a plain array, to pass into the page). */
export const ALL_HIGHLIGHT_NAMES: string[] = BANDS.map((band) => HIGHLIGHT_NAMES[band]);

/** The options page through the browser-neutral driver: select, type, click, read. */
export class DriverOptionsPage {
  private constructor(readonly page: DriverPage) {}

  static async open(driver: ExtensionDriver): Promise<DriverOptionsPage> {
    const page = await driver.openExtensionPage('options.html');
    await page.waitFor(byTestId('save-settings'));
    return new DriverOptionsPage(page);
  }

  async fillModel(form: ModelForm): Promise<void> {
    if (form.preset) await this.page.select(byTestId('llm-preset'), form.preset);
    if (form.baseUrl !== undefined) await this.page.fill(byTestId('llm-base-url'), form.baseUrl);
    if (form.apiKey !== undefined) await this.page.fill(byTestId('llm-api-key'), form.apiKey);
    if (form.fastModel !== undefined) await this.page.fill(byTestId('llm-model-fast'), form.fastModel);
    if (form.strongModel !== undefined) await this.page.fill(byTestId('llm-model-strong'), form.strongModel);
  }

  async enableSearxng(url: string): Promise<void> {
    await this.page.setChecked(byTestId('search-searxng'), true);
    await this.page.fill(byTestId('searxng-url'), url);
  }

  async save(): Promise<string> {
    await this.page.click(byTestId('save-settings'));
    const status = '[data-testid="settings-status"]:is([data-state="saved"], [data-state="error"])';
    await this.page.waitFor(status);
    return this.page.text(status);
  }

  /** Presses a "Test connection" button and waits for its verdict. */
  async testConnection(button: 'test-llm' | `test-search-${string}`): Promise<ConnectionOutcome> {
    const resultId = `${button}-result`;
    const before = Number((await this.page.attribute(byTestId(resultId), 'data-run')) ?? 0);
    await this.page.click(byTestId(button));
    const result = `[data-testid="${resultId}"][data-run="${before + 1}"]`;
    await this.page.waitFor(result);
    return { ok: (await this.page.attribute(result, 'data-ok')) === 'true', text: await this.page.text(result) };
  }

  value(testId: string): Promise<string> {
    return this.page.value(byTestId(testId));
  }
}

/**
 * Points the extension at the loopback fact world through its options page, as a user would (the same
 * settings as `configureForWorld` in configure.ts), then any `more` the test sets. Returns the status text
 * shown after saving.
 */
export function configureDriverForWorld(
  driver: ExtensionDriver,
  world: FactWorld,
  more?: (options: DriverOptionsPage) => Promise<void>,
): Promise<string> {
  const model = { preset: 'custom', baseUrl: world.model.baseUrl, fastModel: 'fake-fast', strongModel: 'fake-strong' };
  return configureDriverForModel(driver, world, model, more);
}

/**
 * The same as {@link configureDriverForWorld} with another model server and preset (a provider's strict
 * loopback mode beside the world's search and sites): the model as typed into the options page.
 */
export async function configureDriverForModel(
  driver: ExtensionDriver,
  world: Pick<FactWorld, 'searxng'>,
  model: ModelForm,
  more?: (options: DriverOptionsPage) => Promise<void>,
): Promise<string> {
  const options = await DriverOptionsPage.open(driver);
  await options.fillModel(model);
  await options.page.setChecked(byTestId('search-wikipedia'), false);
  await options.enableSearxng(world.searxng.baseUrl);
  await options.page.setChecked(byTestId('allow-private-network'), true);
  await more?.(options);
  const status = await options.save();
  await options.page.close();
  return status;
}

/** The side panel page, opened in a tab, through the browser-neutral driver. */
export class DriverSidePanel {
  private constructor(readonly page: DriverPage) {}

  static async open(driver: ExtensionDriver, query = ''): Promise<DriverSidePanel> {
    const page = await driver.openExtensionPage(`sidepanel.html${query}`);
    await page.waitFor('[role="tab"]');
    return new DriverSidePanel(page);
  }

  async check(text: string): Promise<void> {
    await this.page.fill(byTestId('check-input'), text);
    await this.page.click(byTestId('check-submit'));
  }

  /** Waits until the current check has finished (its progress view is gone and a score is shown). */
  async waitForResult(): Promise<void> {
    await this.page.waitFor(byTestId('overall-score'));
    await this.page.waitFor(byTestId('check-progress'), { state: 'detached' });
  }

  bands(): Promise<Array<string | null>> {
    return this.page.attributes(byTestId('span'), 'data-band');
  }

  overallScore(): Promise<string> {
    return this.page.text(byTestId('overall-score'));
  }

  async openHistory(): Promise<void> {
    await this.page.click('[role="tab"]', { hasText: 'History' });
  }

  /** Opens the newest check of the history and waits for its result. */
  async openLatestFromHistory(): Promise<void> {
    await this.openHistory();
    await this.page.click(byTestId('history-item'));
    await this.waitForResult();
  }
}

/**
 * The extension's id, read from one of its own pages (`runtime.id`, the same in both browsers). Tests of a
 * page that forges our events use it: the id is public, so a page is assumed to know it.
 */
export async function extensionIdFromPage(driver: ExtensionDriver): Promise<string> {
  const page = await driver.openExtensionPage('sidepanel.html');
  const id = await page.evaluate(
    () => (globalThis as unknown as { chrome?: { runtime: { id: string } } }).chrome?.runtime.id ?? '',
    undefined,
  );
  await page.close();
  return id;
}

/**
 * The floating button once a click on it counts: it is aria-disabled for its first moment on screen
 * (lib/content/click-guard.ts), so a person's click comes after they could see it.
 */
export const READY_CHECK_BUTTON = '[data-testid="factlight-check-selection"]:not([aria-disabled])';

/** Presses the floating "Fact-check" button as a person would, once it can be pressed. */
export async function pressCheckButton(page: DriverPage): Promise<void> {
  await page.waitFor(READY_CHECK_BUTTON);
  await page.click(READY_CHECK_BUTTON);
}

export { byTestId };
