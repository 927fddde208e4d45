/**
 * A contained step's warning is a code listed by its English words: the words are exactly what the run
 * stored before the codes (older versions, the CLI's `sources` command and the JSON export read them), and a
 * cause keeps its own code when it has one.
 */
import { describe, expect, it } from 'vitest';

import { ProviderError } from '../../../../lib/core/errors';
import { causeOf, englishStageNotice, type StageNotice, stageWarning } from '../../../../lib/core/stage-notices';

describe('englishStageNotice', () => {
  it('says each warning in the words the run stored before the codes', () => {
    const said: Array<[StageNotice, string]> = [
      [
        { code: 'links-capped', where: 'text', found: 35, checked: 30 },
        'The text cites 35 links; the first 30 were checked.',
      ],
      [
        { code: 'links-capped', where: 'explanation', found: 1_200, checked: 30 },
        'The explanation cites 1,200 links; the first 30 were checked.',
      ],
      [
        { code: 'links-capped', where: 'text', found: 1, checked: 30 },
        'The text cites 1 link; the first 30 were checked.',
      ],
      [{ code: 'links-not-checked', cause: 'boom' }, 'The links in the text could not be checked: boom'],
      [{ code: 'explanations-not-scored', cause: 'boom' }, 'The explanations could not be scored: boom'],
      [{ code: 'citations-not-attributed', cause: 'boom' }, "The text's citations could not be attributed: boom"],
      [{ code: 'revisions-not-written', cause: 'boom' }, 'Revisions could not be written: boom'],
      [{ code: 'source-types-not-classified', cause: 'boom' }, 'Source types could not be classified: boom'],
      [
        { code: 'cache-failed', cause: 'database closed' },
        'The cache is not working, so nothing is reused or kept this time (database closed).',
      ],
      [
        { code: 'passages-by-words', cause: 'timed out' },
        'Passages were chosen by word match alone because the embedding model failed: timed out',
      ],
      [
        { code: 'explanation-not-refined', claim: 'The wall is visible', cause: 'boom' },
        'The explanation of "The wall is visible" could not be refined: boom',
      ],
    ];
    for (const [notice, words] of said) expect(englishStageNotice(notice), notice.code).toBe(words);
  });
});

describe('causeOf and stageWarning', () => {
  it("keeps a provider error's code beside its English, and a plain error's words alone", () => {
    const coded = new ProviderError('auth', { code: 'key-rejected', provider: 'OpenAI', detail: 'Incorrect API key' });
    expect(causeOf(coded)).toEqual({ cause: coded.message, causeNotice: coded.notice });
    expect(causeOf(new Error('database closed'))).toEqual({ cause: 'database closed' });
    expect(causeOf('thrown text')).toEqual({ cause: 'thrown text' });
  });

  it('lists a warning by its English words with its code beside them', () => {
    const notice: StageNotice = { code: 'revisions-not-written', ...causeOf(new Error('boom')) };
    expect(stageWarning(notice)).toEqual(['Revisions could not be written: boom', notice]);
  });
});
