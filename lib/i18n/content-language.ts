/**
 * The interface language of a content script. Following the browser, `i18n.getMessage` already answers
 * in the browser's language; a chosen language's messages come from the background, only the few `keys`
 * the script shows (a content script cannot read the extension's `_locales` in Chrome MV3), for `t` and for the
 * code it shares with the script on every page (content-words.ts).
 */
import { sendToBackground } from '../messaging/protocol';
import { setContentWords } from './content-words';
import { setMessageSource } from './i18n';
import type { MessageKey } from './keys';
import { catalogueSource } from './sources';

/**
 * Switches this content script to the chosen interface language, if there is one. Rejects when the
 * background does not answer.
 */
export async function startContentLanguage(keys: readonly MessageKey[]): Promise<void> {
  const answer = await sendToBackground('getInterfaceCatalogue', { keys: [...keys] });
  if (answer.locale === null) return;
  setMessageSource(catalogueSource(answer.locale, answer.messages));
  // Code shared with the script on every page (selection-notice.ts) reads its words through content-words.ts.
  setContentWords(answer.locale, answer.messages);
}
