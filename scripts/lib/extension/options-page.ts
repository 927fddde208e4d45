import type { Page } from 'playwright-core';

import type { ExtensionBrowser } from './launch';

export interface ModelForm {
  preset?: string;
  baseUrl?: string;
  apiKey?: string;
  fastModel?: string;
  strongModel?: string;
}

export interface ConnectionOutcome {
  ok: boolean;
  text: string;
}

/** The options page, driven as a person would: select, type, click, read. */
export class OptionsPage {
  private constructor(readonly page: Page) {}

  static async open(browser: ExtensionBrowser): Promise<OptionsPage> {
    const page = await browser.openExtensionPage('options.html');
    await page.getByTestId('save-settings').waitFor();
    return new OptionsPage(page);
  }

  async fillModel(form: ModelForm): Promise<void> {
    if (form.preset) await this.page.getByTestId('llm-preset').selectOption(form.preset);
    if (form.baseUrl !== undefined) await this.page.getByTestId('llm-base-url').fill(form.baseUrl);
    if (form.apiKey !== undefined) await this.page.getByTestId('llm-api-key').fill(form.apiKey);
    if (form.fastModel !== undefined) await this.page.getByTestId('llm-model-fast').fill(form.fastModel);
    if (form.strongModel !== undefined) await this.page.getByTestId('llm-model-strong').fill(form.strongModel);
  }

  async enableSearxng(url: string): Promise<void> {
    await this.page.getByTestId('search-searxng').check();
    await this.page.getByTestId('searxng-url').fill(url);
  }

  async save(): Promise<string> {
    await this.page.getByTestId('save-settings').click();
    const status = this.page.locator('[data-testid="settings-status"]:is([data-state="saved"], [data-state="error"])');
    await status.waitFor();
    return (await status.textContent()) ?? '';
  }

  /** Presses a "Test connection" button and waits for its verdict. */
  async testConnection(button: 'test-llm' | `test-search-${string}`): Promise<ConnectionOutcome> {
    const resultId = `${button}-result`;
    const before = Number((await this.page.getByTestId(resultId).getAttribute('data-run')) ?? 0);
    await this.page.getByTestId(button).click();
    const result = this.page.locator(`[data-testid="${resultId}"][data-run="${before + 1}"]`);
    await result.waitFor();
    return { ok: (await result.getAttribute('data-ok')) === 'true', text: (await result.textContent()) ?? '' };
  }

  value(testId: string): Promise<string> {
    return this.page.getByTestId(testId).inputValue();
  }
}
