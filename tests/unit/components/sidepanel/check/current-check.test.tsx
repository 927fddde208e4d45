// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

import { CurrentCheck } from '../../../../../components/sidepanel/check/current-check';
import type { FactlightDb } from '../../../../../lib/db/schema';
import type { Result } from '../../../../../lib/messaging/protocol';
import { buildCheckView, freshDb, seedView, SENTENCES } from '../../../support/check-fixtures';
import { fakeBackground, renderWithDb } from '../../../support/panel-harness';

let db: FactlightDb;

beforeEach(async () => {
  sessionStorage.clear();
  db = freshDb();
  await seedView(db, buildCheckView());
});
afterEach(async () => {
  cleanup();
  fakeBrowser.reset();
  await db.delete();
});

async function showCheck() {
  renderWithDb(<CurrentCheck checkId="chk-1" onOpenCheck={() => undefined} />, db);
  return screen.findByTestId('check-result');
}

const spans = () => screen.getAllByTestId('span');
const spanWith = (text: string) => spans().find((span) => span.textContent?.includes(text))!;

describe('a check taken in before the engine was loaded', () => {
  it('says it is waiting to start, neither as a judged check nor as sources only, until the engine settles it', async () => {
    await db.checks.update('chk-1', { status: 'running', unsettled: true });
    renderWithDb(<CurrentCheck checkId="chk-1" onOpenCheck={() => undefined} />, db);
    expect((await screen.findByTestId('check-starting')).getAttribute('role')).toBe('status');
    expect(screen.queryByTestId('check-result')).toBeNull();
    await db.checks.update('chk-1', { unsettled: undefined });
    await screen.findByTestId('check-result');
    expect(screen.queryByTestId('check-starting')).toBeNull();
  });
});

describe('the checked text', () => {
  it('renders every sentence with claim spans banded, named and focusable', async () => {
    const result = await showCheck();
    expect(result.textContent).toContain(SENTENCES.join(' '));
    expect(spans().map((span) => span.getAttribute('data-band'))).toEqual([
      'red',
      'orange',
      'orange',
      'grey',
      'unknown',
    ]);
    const wall = spanWith('Great Wall');
    expect(wall.getAttribute('aria-label')).toBe(
      `${wall.textContent} — Claim: The Great Wall of China is visible from the Moon with the naked eye. — refuted, credibility 0%`,
    );
    // Label in name (WCAG 2.5.3): each span's accessible name starts with the words it shows.
    for (const span of spans())
      expect(span.getAttribute('aria-label')!.startsWith(`${span.textContent!} — `)).toBe(true);
    expect(wall.getAttribute('role')).toBe('button');
    expect(wall.tabIndex).toBe(0);
    expect(wall.getAttribute('data-icon')).toBe('✗');
    expect(spans().map((span) => span.getAttribute('data-icon'))).toEqual(['✗', '~', '~', '·', '?']);
    expect(spanWith('fascinating').getAttribute('aria-label')).toMatch(/— not check-worthy$/);
    expect(spanWith('Everest').getAttribute('aria-label')).toMatch(/— could not check$/);
    expect(screen.getAllByTestId('sentence').map((s) => s.getAttribute('data-band'))).toEqual([
      'red',
      'green',
      'grey',
      'unknown',
    ]); // sentence 1: mean of 100% and 50%;
  });

  it('splits overlapping claims into segments and shows the worse band where they overlap', async () => {
    await showCheck();
    // c1-0 ("Marie Curie won two Nobel Prizes", supported) lies inside c1-1 (the whole sentence, disputed).
    const shared = spanWith('Marie Curie won two Nobel Prizes');
    expect(shared.textContent).toBe('Marie Curie won two Nobel Prizes');
    expect(shared.getAttribute('data-band')).toBe('orange');
    expect(shared.getAttribute('aria-label')).toContain(
      'Claim: Marie Curie won Nobel Prizes in physics and chemistry. — disputed, credibility 50%',
    );
    expect(shared.getAttribute('aria-label')).toContain(
      'Claim: Marie Curie won two Nobel Prizes. — supported, credibility 100%',
    );
    const rest = spanWith('in physics and chemistry');
    expect(rest.getAttribute('aria-label')).not.toContain('two Nobel Prizes. —');
  });

  it('shows the overall score as text and band', async () => {
    await showCheck();
    const overall = screen.getByTestId('overall-score');
    // What is wrong first, coloured by the worst verdict; the average second, saying what it averages.
    expect(screen.getByTestId('headline').textContent).toBe(
      '✗ 1 refuted · 1 disputed · 1 supported · 1 could not be checked',
    );
    expect(screen.getByTestId('headline-figures').textContent).toBe(
      '3 of 4 claims checked · Average support from sources: 50% across 3 judged claims',
    );
    expect(overall.getAttribute('data-band')).toBe('red');
  });

  it('opens a claim card from the keyboard', async () => {
    await showCheck();
    fireEvent.keyDown(spanWith('Great Wall'), { key: 'Enter' });
    const card = screen.getByTestId('claim-card');
    expect(within(card).getByTestId('claim-verdict').textContent).toContain('Refuted');
    expect(within(card).getByText('The Great Wall of China is visible from the Moon with the naked eye.')).toBeTruthy();
  });
});

describe('the claim card', () => {
  it('shows a verdict whose explanation is still being written, then the explanation when it lands', async () => {
    const row = (await db.claims.toArray()).find((r) => r.claim.text.includes('Great Wall'))!;
    const final = row.assessment!;
    await db.claims.update(row.id, {
      assessment: {
        ...final,
        explanation: '',
        judgements: final.judgements.map((j) => ({ ...j, rationale: '' })),
        explaining: true,
      },
    });
    await showCheck();
    fireEvent.click(spanWith('Great Wall'));
    const card = screen.getByTestId('claim-card');
    expect(within(card).getByTestId('claim-verdict').textContent).toMatch(/Refuted/);
    expect(within(card).getByTestId('claim-explaining').textContent).toBe('Writing the explanation…');
    expect(within(card).queryByTestId('claim-explanation')).toBeNull();
    expect(card.querySelectorAll('.rationale')).toHaveLength(0);
    await db.claims.update(row.id, { assessment: final });
    await waitFor(() => expect(within(card).getByTestId('claim-explanation').textContent).toBe(final.explanation));
    expect(within(card).queryByTestId('claim-explaining')).toBeNull();
  });

  it('shows the verdict, explanation with citation jumps, and every evidence detail', async () => {
    await showCheck();
    fireEvent.click(spanWith('Great Wall'));
    const card = screen.getByTestId('claim-card');
    expect(within(card).getByTestId('claim-verdict').textContent).toMatch(/Refuted · credibility 0%/);
    expect(within(card).getByTestId('claim-explanation').textContent).toBe(
      'NASA says the wall cannot be seen with the naked eye [1], and astronauts agree [2].',
    );
    const items = within(card).getAllByTestId('evidence-item');
    expect(items).toHaveLength(2);
    const [first, second] = items as [HTMLElement, HTMLElement];
    expect(first.textContent).toContain('scientific report c0-0 #0');
    expect(first.textContent).toContain('The scientific site');
    expect(within(first).getByTestId('source-type').textContent).toBe('Scientific');
    expect(within(first).getByTestId('evidence-stance').textContent).toBe('Refutes');
    expect(first.querySelector('time')?.getAttribute('datetime')).toBe('2019-05-02');
    expect(first.textContent).toContain('The passage contradicts the claim.');
    expect([...first.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual([
      'Great Wall',
      'visible',
      'Moon',
    ]);
    const link = first.querySelector('a[href]')!;
    // Opens at the passage: this stored item has no fragment of its own, so it is built from the passage.
    expect(link.getAttribute('href')).toBe(
      'https://scientific.example.org/c0-0/0#:~:text=The%20Great%20Wall%20is,without%20aid%2C%20NASA%20says.',
    );
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(within(second).getByTestId('evidence-origin').textContent).toBe('search snippet');
    // A search snippet is not the page's own words: its link opens the page as it is.
    expect(second.querySelector('a[href]')!.getAttribute('href')).toBe('https://news.example.org/c0-0/1');

    fireEvent.click(within(card).getByRole('button', { name: 'Go to evidence 2' }));
    expect(document.activeElement).toBe(second);
    fireEvent.click(within(card).getByRole('button', { name: 'Go to evidence 1' }));
    expect(document.activeElement).toBe(first);
  });

  it('labels knowledge-graph evidence as Wikidata and offers the other claim of an overlap', async () => {
    await showCheck();
    fireEvent.click(spanWith('Marie Curie won two Nobel Prizes'));
    const card = screen.getByTestId('claim-card');
    expect(within(card).getByTestId('claim-verdict').textContent).toContain('Disputed');
    fireEvent.click(within(card).getByRole('button', { name: 'Marie Curie won two Nobel Prizes.' }));
    expect(within(card).getByTestId('claim-verdict').textContent).toContain('Supported');
    expect(
      within(card)
        .getAllByTestId('evidence-origin')
        .map((tag) => tag.textContent),
    ).toEqual(['Wikidata']);
  });

  it('says why a claim could not be checked', async () => {
    await showCheck();
    fireEvent.click(spanWith('Everest'));
    const card = screen.getByTestId('claim-card');
    expect(within(card).getByTestId('claim-verdict').textContent).toContain('Could not check');
    expect(card.textContent).toContain('Every search provider failed.');
  });
});

describe('source controls', () => {
  it('re-scores at once when a source type is unticked, sending nothing', async () => {
    const sent = fakeBackground();
    const sendMessage = vi.spyOn(fakeBrowser.runtime, 'sendMessage');
    await showCheck();
    const filters = screen.getAllByTestId('source-type-filter');
    expect(filters.map((box) => box.getAttribute('data-source-type'))).toEqual(['news', 'wiki', 'scientific', 'blog']);
    fireEvent.click(filters.find((box) => box.getAttribute('data-source-type') === 'blog')!);
    const overall = screen.getByTestId('overall-score');
    expect(screen.getByTestId('headline').textContent).toBe('✗ 1 refuted · 2 supported · 1 could not be checked');
    expect(screen.getByTestId('headline-figures').textContent).toContain('67% across 3 judged claims');
    // The headline says a source was left out, and what every source says.
    expect(screen.getByTestId('headline-left-out').textContent).toBe(
      '1 source you left out is not counted; with every source counted: 1 refuted · 1 disputed · 1 supported · 1 could not be checked',
    );
    // A refuted claim remains: never the credible colour, even with the disputing source left out.
    expect(overall.getAttribute('data-band')).toBe('red');
    expect(spanWith('in physics and chemistry').getAttribute('data-band')).toBe('green');
    expect(sent).toEqual([]);
    expect(sendMessage).not.toHaveBeenCalled();
  });

  it('re-scores when one evidence item is unticked, and keeps filters per check', async () => {
    await showCheck();
    fireEvent.click(spanWith('in physics and chemistry'));
    const blogItem = screen.getAllByTestId('evidence-item').find((item) => item.textContent?.includes('blog report'))!;
    fireEvent.click(within(blogItem).getByTestId('evidence-toggle'));
    expect(screen.getByTestId('overall-score').textContent).toContain('67%');
    expect(screen.getByTestId('claim-verdict').textContent).toContain('Supported');
    expect(screen.getByTestId('claim-card').textContent).toContain(
      'The explanation below was written for the verdict with every source counted: “Disputed”. With the sources you left out, it is “Supported”.',
    );
    cleanup();
    await showCheck();
    expect(screen.getByTestId('overall-score').textContent).toContain('67%');
  });
});

describe('revisions', () => {
  it('shows a word diff, links its evidence, and copies the sentence and the corrected text', async () => {
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    await showCheck();
    const revision = screen.getByTestId('revision');
    expect([...revision.querySelectorAll('ins')].map((node) => node.textContent)).toEqual(['not ']);
    expect(revision.querySelectorAll('del')).toHaveLength(0);
    expect(within(revision).getByTestId('revision-diff').textContent).toBe(
      'The Great Wall of China is not visible from the Moon with the naked eye.',
    );

    fireEvent.click(within(revision).getByTestId('revision-evidence'));
    const target = screen
      .getAllByTestId('evidence-item')
      .find((item) => item.getAttribute('data-evidence-id') === 'c0-0:e1');
    await waitFor(() => expect(document.activeElement).toBe(target));

    fireEvent.click(within(revision).getByTestId('copy-revision'));
    expect(writeText).toHaveBeenLastCalledWith(
      'The Great Wall of China is not visible from the Moon with the naked eye.',
    );
    expect(await within(revision).findByText('Copied.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('copy-corrected-text'));
    expect(writeText).toHaveBeenLastCalledWith(SENTENCES.join(' ').replace('is visible', 'is not visible'));
  });
});

describe("the check's page", () => {
  beforeEach(async () => {
    await db.checks.update('chk-1', { tabId: 12, frameId: 0 });
  });

  it('says why "Show on page" and "Clear highlights" could not be done, where the buttons are', async () => {
    let reveal: Result = {
      ok: false,
      error: 'This claim is not highlighted on the page: it was not found there, or its highlights were cleared.',
    };
    let clear: Result = { ok: false, error: 'The page this check came from is closed or has changed since.' };
    const sent = fakeBackground({ revealClaim: () => reveal, clearPageHighlights: () => clear });
    await showCheck();
    fireEvent.click(spanWith('Great Wall'));
    fireEvent.click(screen.getByTestId('reveal-claim'));
    expect((await screen.findByTestId('reveal-claim-error')).textContent).toBe(reveal.ok ? '' : reveal.error);
    fireEvent.click(screen.getByTestId('clear-highlights'));
    expect((await screen.findByTestId('clear-highlights-error')).textContent).toBe(clear.ok ? '' : clear.error);
    expect(sent.map((command) => command.type)).toEqual(['revealClaim', 'clearPageHighlights']);

    // Done this time: the reasons go.
    reveal = { ok: true };
    clear = { ok: true };
    fireEvent.click(screen.getByTestId('reveal-claim'));
    fireEvent.click(screen.getByTestId('clear-highlights'));
    await waitFor(() => expect(sent).toHaveLength(4));
    await waitFor(() => expect(screen.queryByTestId('reveal-claim-error')).toBeNull());
    expect(screen.queryByTestId('clear-highlights-error')).toBeNull();
  });

  it('says so when the background does not answer', async () => {
    await showCheck();
    fireEvent.click(screen.getByTestId('clear-highlights'));
    expect((await screen.findByTestId('clear-highlights-error')).textContent).toMatch(
      /^Factlight's background did not answer: .+/,
    );
  });
});
