import { browser } from 'wxt/browser';

import { readExplanationSelection } from '../content/read-explanation-selection';
import { errorMessage } from '../core/errors';
import { t } from '../i18n/i18n';
import type { CommandRouter } from './authorized-handler';
import type { RatingManager } from './rating-manager';

/** "Rate an explanation": start a rating, and read the explanation the user selected in a tab. */
export function registerRatingHandlers(router: CommandRouter, ratings: RatingManager): void {
  router.handle('rateExplanation', (request) => ratings.start(request));
  router.handle('resumeRatings', async () => ({ resumed: await ratings.resumeInterrupted() }));
  router.handle('readPageSelection', async ({ tabId }) => {
    try {
      const [injection] = await browser.scripting.executeScript({ target: { tabId }, func: readExplanationSelection });
      const result = injection?.result as ReturnType<typeof readExplanationSelection> | undefined;
      if (!result) return { ok: false as const, error: t('bgPageNoAnswer') };
      if (!result.text) return { ok: false as const, error: t('bgNothingSelected') };
      return { ok: true as const, ...result };
    } catch (error) {
      // Browser pages (settings, the web store) and PDFs cannot be scripted.
      return { ok: false as const, error: t('bgCannotReadPage', { reason: errorMessage(error) }) };
    }
  });
}
