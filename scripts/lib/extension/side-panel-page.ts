import type { Page } from 'playwright-core';

import type { ExtensionBrowser } from './launch';

/** The side panel, opened in a tab (chrome.sidePanel.open needs a user gesture; see platform notes). */
export class SidePanelPage {
  private constructor(readonly page: Page) {}

  static async open(browser: ExtensionBrowser, query = ''): Promise<SidePanelPage> {
    const page = await browser.openExtensionPage(`sidepanel.html${query}`);
    return new SidePanelPage(page);
  }

  async check(text: string): Promise<void> {
    await this.page.getByTestId('check-input').fill(text);
    await this.page.getByTestId('check-submit').click();
  }

  /** Waits until the current check has finished (its progress view is gone and a score is shown). */
  async waitForResult(): Promise<void> {
    await this.page.getByTestId('overall-score').waitFor();
    await this.page.getByTestId('check-progress').waitFor({ state: 'detached' });
  }

  spans() {
    return this.page.getByTestId('span');
  }

  async bands(): Promise<string[]> {
    return this.spans().evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-band') ?? ''));
  }

  async overallScore(): Promise<string> {
    return (await this.page.getByTestId('overall-score').textContent()) ?? '';
  }

  /** Opens the History tab, by its test id: its name is in the interface language (npm run screenshots -- ar). */
  async openHistory(): Promise<void> {
    await this.page.getByTestId('tab-history').click();
  }
}
