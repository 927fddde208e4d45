/**
 * The highlighter asks the background for its words in a chosen interface language, only the keys it names
 * (HIGHLIGHTER_MESSAGES): a message its modules show but do not name would come out as its bare key in that
 * language. So every catalogue key written in those modules must be in the list.
 */
import { describe, expect, it } from 'vitest';

import { HIGHLIGHTER_MESSAGES } from '../../../../lib/content/highlighter';
import { catalogueKeysIn } from '../../support/catalogue-keys';

describe('the highlighter’s words', () => {
  it('names every message its modules show, so a chosen language has them all', () => {
    const modules = [
      'highlighter',
      'page-card',
      'highlight-keys',
      'link-marks',
      'selection-notice',
      'start-selection-check',
    ];
    const used = modules.flatMap((name) => catalogueKeysIn(`lib/content/${name}.ts`));
    expect(used.length).toBeGreaterThan(15);
    expect(used.filter((key) => !HIGHLIGHTER_MESSAGES.includes(key as never))).toEqual([]);
  });
});
