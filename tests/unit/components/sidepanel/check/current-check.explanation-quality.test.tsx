// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

import { CurrentCheck } from '../../../../../components/sidepanel/check/current-check';
import type { FactlightDb } from '../../../../../lib/db/schema';
import { buildCheckView, freshDb, seedView } from '../../../support/check-fixtures';
import { renderWithDb } from '../../../support/panel-harness';

let db: FactlightDb;

afterEach(async () => {
  cleanup();
  fakeBrowser.reset();
  await db.delete();
});

async function showCheck(view = buildCheckView()) {
  db = freshDb();
  await seedView(db, view);
  renderWithDb(<CurrentCheck checkId={view.check.id} onOpenCheck={() => undefined} />, db);
  return screen.findByTestId('check-result');
}

describe('sources in this text', () => {
  it('lists each cited link with its status and support, grouped under the sentence citing it', async () => {
    const view = buildCheckView();
    view.links = view.links.map((link) => ({ ...link, sentenceIndex: 0 }));
    await showCheck(view);
    const items = await screen.findAllByTestId('link-item');
    expect(items.map((item) => [item.getAttribute('data-status'), item.getAttribute('data-support')])).toEqual([
      ['working', 'does-not-support'],
      ['dead', 'unavailable'],
    ]);
    const list = screen.getByTestId('link-list');
    expect(list.textContent).toContain('Sources in this text (2)');
    expect(list.textContent).toContain('“The Great Wall of China is visible from the Moon with the naked eye.”');
    expect(items[1]!.textContent).toContain('dead link');
    expect(within(items[0]!).getByRole('link').getAttribute('href')).toBe('https://nasa.example.gov/wall');
  });

  it('never shows a link that could not be judged as failing', async () => {
    const view = buildCheckView();
    view.links = [
      { ...view.links[0]!, relevant: null, supports: null, rationale: 'Could not judge: the model failed.' },
    ];
    await showCheck(view);
    const [item] = await screen.findAllByTestId('link-item');
    expect(item!.getAttribute('data-support')).toBe('not-judged');
    expect(item!.textContent).toContain('Not judged');
  });

  it('shows no section when the text cites no links', async () => {
    const view = buildCheckView();
    view.links = [];
    await showCheck(view);
    expect(screen.queryByTestId('link-list')).toBeNull();
  });
});

describe('explanation quality in the claim card', () => {
  beforeEach(() => sessionStorage.clear());

  it('shows the actionability score out of 5 with its breakdown, and flags an unsupported citation', async () => {
    await showCheck();
    fireEvent.click(screen.getAllByTestId('span').find((span) => span.textContent?.includes('Great Wall'))!);
    const card = await screen.findByTestId('claim-card');
    expect(within(card).getByTestId('actionability-score').textContent).toBe('3.8 out of 5');
    const breakdown = within(card).getByTestId('actionability-breakdown').textContent!;
    expect(breakdown).toContain('Says what is wrong: yes (2 of 2)');
    expect(breakdown).toContain('Gives the correction: partly (1 of 2)');
    expect(breakdown).toContain('Links that work, fit and back it: 1.5 of 2');
    const flags = within(card).getAllByTestId('attribution-flag');
    expect(flags.map((flag) => flag.getAttribute('data-citation'))).toEqual(['2']);
    // Plain words first; the measures' names one click away.
    const figures = within(card).getByTestId('attribution-figures');
    expect(figures.querySelector('summary')!.textContent).toBe('1 of 2 citations backed by the passage cited');
    expect(figures.textContent).toContain('Citation precision 50%');
    expect(card.textContent).not.toMatch(/actionable/i);
  });

  it('shows no score on a claim that was not scored', async () => {
    await showCheck();
    fireEvent.click(screen.getAllByTestId('span').find((span) => span.textContent?.includes('Marie Curie won two'))!);
    const card = await screen.findByTestId('claim-card');
    expect(within(card).queryByTestId('actionability-score')).toBeNull();
    expect(within(card).queryByTestId('attribution-flag')).toBeNull();
  });

  it('shows what the critics changed in Thorough mode', async () => {
    const view = buildCheckView();
    view.refinements = new Map([
      [
        'c0-0',
        {
          claimId: 'c0-0',
          rounds: 3,
          agreed: false,
          feedback: ['Name the correct fact.'],
          explanationBefore: 'It is wrong [1].',
          explanationAfter: 'It cannot be seen with the naked eye [1].',
        },
      ],
    ]);
    await showCheck(view);
    fireEvent.click(screen.getAllByTestId('span').find((span) => span.textContent?.includes('Great Wall'))!);
    const refinement = await screen.findByTestId('refinement');
    expect(refinement.textContent).toContain('3 rounds, round limit reached');
    expect(refinement.textContent).toContain('Name the correct fact.');
    expect(refinement.querySelector('ins')?.textContent).toContain('cannot');
    // The model's words after the interface's label keep their own direction (an isolate).
    expect(refinement.querySelector('ins')!.closest('bdi')).not.toBeNull();
  });
});
