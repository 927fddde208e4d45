// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

import { RateView } from '../../../../../components/sidepanel/rate/rate-view';
import type { RatingRecord } from '../../../../../lib/db/entities';
import type { FactlightDb } from '../../../../../lib/db/schema';
import type { Catalogue } from '../../../../../lib/i18n/catalogue';
import { setMessageSource } from '../../../../../lib/i18n/i18n';
import { browserSource, catalogueSource } from '../../../../../lib/i18n/sources';
import { errorWords } from '../../../../../lib/view/error-words';
import { noticeWords } from '../../../../../lib/view/notice-words';
import { buildCheckView, freshDb } from '../../../support/check-fixtures';
import { commands, fakeBackground, renderWithDb } from '../../../support/panel-harness';

const shipped = (locale: string) =>
  JSON.parse(readFileSync(join(process.cwd(), 'public', '_locales', locale, 'messages.json'), 'utf8')) as Catalogue;

let db: FactlightDb;
beforeEach(() => {
  db = freshDb();
});
afterEach(async () => {
  cleanup();
  setMessageSource(browserSource());
  fakeBrowser.reset();
  await db.delete();
});

const RATING: RatingRecord = {
  id: 'r-1',
  createdAt: 1,
  updatedAt: 2,
  status: 'done',
  claim: 'The Great Wall is visible from the Moon.',
  explanation: 'False.',
  evidence: [],
  links: [
    {
      linkId: 'l0',
      url: 'https://debunk.example/wall',
      status: 'dead',
      detail: 'The page no longer exists (404).',
      exists: false,
      relevant: false,
      supports: false,
      rationale: 'Nothing could be read.',
    },
  ],
  score: {
    errorDetection: 2,
    correction: 0,
    links: 0,
    total: 2,
    outOfFive: 1.7,
    errors: [
      {
        subClaim: 'visible',
        error: 'It is not visible',
        correction: 'Not visible without aid',
        named: true,
        corrected: false,
      },
    ],
    linkScores: [],
  },
};

describe('Rate an explanation', () => {
  it("gives the explanation and claim boxes their text's own direction (dir=auto), whatever the interface's", () => {
    renderWithDb(<RateView />, db);
    const dirs = ['rate-explanation-text', 'rate-claim'].map((id) => screen.getByTestId(id).getAttribute('dir'));
    expect(dirs).toEqual(['auto', 'auto']);
  });

  it('sends the explanation and claim, then shows the score and the link audit from the database', async () => {
    const sent = fakeBackground({ rateExplanation: () => ({ ok: true, ratingId: 'r-1' }) });
    renderWithDb(<RateView />, db);
    const button = screen.getByTestId('rate-explanation') as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.change(screen.getByTestId('rate-explanation-text'), { target: { value: 'False.' } });
    fireEvent.change(screen.getByTestId('rate-claim'), { target: { value: RATING.claim } });
    expect(button.disabled).toBe(false);
    await db.ratings.add(RATING);
    fireEvent.click(button);
    await waitFor(() => expect(screen.getByTestId('actionability-score').textContent).toBe('1.7 out of 5'));
    expect(commands(sent)).toEqual([{ type: 'rateExplanation', data: { claim: RATING.claim, explanation: 'False.' } }]);
    expect(screen.getByTestId('actionability-breakdown').textContent).toContain('Gives the correction: no (0 of 2)');
    expect(screen.getByTestId('link-item').getAttribute('data-status')).toBe('dead');
  });

  it("shows the evidence's page titles and passages in their own direction (dir=auto)", async () => {
    const [item] = buildCheckView().evidence;
    fakeBackground({ rateExplanation: () => ({ ok: true, ratingId: 'r-4' }) });
    await db.ratings.add({ ...RATING, id: 'r-4', evidence: [item!] });
    renderWithDb(<RateView />, db);
    fireEvent.change(screen.getByTestId('rate-explanation-text'), { target: { value: 'False.' } });
    fireEvent.change(screen.getByTestId('rate-claim'), { target: { value: 'x' } });
    fireEvent.click(screen.getByTestId('rate-explanation'));
    const result = await screen.findByTestId('rating-result');
    const title = [...result.querySelectorAll('li a, li span')].find((node) =>
      node.textContent?.includes(item!.source.title),
    )!;
    const passage = [...result.querySelectorAll('li p')].find((node) =>
      node.textContent?.includes(item!.passage.slice(0, 20)),
    )!;
    expect([title.getAttribute('dir'), passage.getAttribute('dir')]).toEqual(['auto', 'auto']);
  });

  it('shows why a rating failed, and never a score for it', async () => {
    fakeBackground({ rateExplanation: () => ({ ok: true, ratingId: 'r-2' }) });
    await db.ratings.add({
      ...RATING,
      id: 'r-2',
      status: 'failed',
      error: 'Rating an explanation needs evidence about the claim; none was found.',
      score: undefined as never,
      links: [],
    });
    renderWithDb(<RateView />, db);
    fireEvent.change(screen.getByTestId('rate-explanation-text'), { target: { value: 'False.' } });
    fireEvent.change(screen.getByTestId('rate-claim'), { target: { value: 'x' } });
    fireEvent.click(screen.getByTestId('rate-explanation'));
    expect((await screen.findByTestId('rating-error')).textContent).toContain('none was found');
    expect(screen.queryByTestId('actionability-score')).toBeNull();
  });

  it("words a failed rating's coded error in the interface language, else shows the English it stored", async () => {
    const english = shipped('en');
    setMessageSource(catalogueSource('fr', shipped('fr'), english));
    fakeBackground({ rateExplanation: () => ({ ok: true, ratingId: 'r-3' }) });
    const failed = { ...RATING, status: 'failed' as const, score: undefined as never, links: [] };
    await db.ratings.add({
      ...failed,
      id: 'r-3',
      error: 'OpenAI did not answer in time.',
      errorNotice: { code: 'timed-out', provider: 'OpenAI' },
    });
    renderWithDb(<RateView />, db);
    fireEvent.change(screen.getByTestId('rate-explanation-text'), { target: { value: 'False.' } });
    fireEvent.change(screen.getByTestId('rate-claim'), { target: { value: 'x' } });
    fireEvent.click(screen.getByTestId('rate-explanation'));
    const words = (await screen.findByTestId('rating-error')).textContent;
    expect(words).toContain(errorWords({ code: 'timed-out', provider: 'OpenAI' }));
    expect(words).not.toContain('did not answer in time');
  });

  it("folds a rating's warnings as a check's are, a coded one worded in the interface language", async () => {
    setMessageSource(catalogueSource('fr', shipped('fr'), shipped('en')));
    const failed = {
      code: 'source-failed',
      error: { code: 'search-http', provider: 'SearXNG', status: 500, reason: 'server' },
    } as const;
    fakeBackground({ rateExplanation: () => ({ ok: true, ratingId: 'r-5' }) });
    await db.ratings.add({
      ...RATING,
      id: 'r-5',
      warnings: ['SearXNG had a server error (500).', 'An adapter said this in its own words.'],
      notices: { 'SearXNG had a server error (500).': failed },
    });
    renderWithDb(<RateView />, db);
    fireEvent.change(screen.getByTestId('rate-explanation-text'), { target: { value: 'False.' } });
    fireEvent.change(screen.getByTestId('rate-claim'), { target: { value: 'x' } });
    fireEvent.click(screen.getByTestId('rate-explanation'));
    const warnings = await screen.findByTestId('rating-warnings');
    expect(warnings.tagName).toBe('DETAILS');
    expect([...warnings.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      noticeWords(failed),
      'An adapter said this in its own words.',
    ]);
    expect(noticeWords(failed)).not.toContain('server error');
    // The check view's name stays the check's.
    expect(screen.queryByTestId('check-warnings')).toBeNull();
  });

  it('shows a rating stored before warnings were kept, with no warnings', async () => {
    fakeBackground({ rateExplanation: () => ({ ok: true, ratingId: 'r-6' }) });
    // As the v3 fixture's rating: no `warnings`, no `notices`.
    await db.ratings.add({ ...RATING, id: 'r-6' });
    renderWithDb(<RateView />, db);
    fireEvent.change(screen.getByTestId('rate-explanation-text'), { target: { value: 'False.' } });
    fireEvent.change(screen.getByTestId('rate-claim'), { target: { value: 'x' } });
    fireEvent.click(screen.getByTestId('rate-explanation'));
    await waitFor(() => expect(screen.getByTestId('actionability-score').textContent).toBe('1.7 out of 5'));
    expect(screen.queryByTestId('rating-warnings')).toBeNull();
  });

  it('says so when the background refuses, and keeps what the user typed', async () => {
    fakeBackground({ rateExplanation: () => ({ ok: false, error: 'Set up a model first.', needsSetup: true }) });
    renderWithDb(<RateView />, db);
    fireEvent.change(screen.getByTestId('rate-explanation-text'), { target: { value: 'False.' } });
    fireEvent.change(screen.getByTestId('rate-claim'), { target: { value: 'x' } });
    fireEvent.click(screen.getByTestId('rate-explanation'));
    expect((await screen.findByTestId('rate-message')).textContent).toBe('Set up a model first.');
    expect((screen.getByTestId('rate-explanation-text') as HTMLTextAreaElement).value).toBe('False.');
    expect(screen.queryByTestId('rating-result')).toBeNull();
  });
});
