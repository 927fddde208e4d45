// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

import { CheckProgress } from '../../../../../components/sidepanel/check/check-progress';
import { CurrentCheck } from '../../../../../components/sidepanel/check/current-check';
import { STALL_MS } from '../../../../../components/sidepanel/check/use-stall-watchdog';
import type { CheckView } from '../../../../../lib/db/check-view';
import type { FactlightDb } from '../../../../../lib/db/schema';
import { buildCheckView, freshDb, seedView } from '../../../support/check-fixtures';
import { commands, fakeBackground, renderWithDb } from '../../../support/panel-harness';

let db: FactlightDb;
beforeEach(() => {
  sessionStorage.clear();
  db = freshDb();
});
afterEach(async () => {
  cleanup();
  fakeBrowser.reset();
  await db.delete();
});

/** The fixture check as it looks mid-run: only c0-0 and c2-0 found so far, c0-0 judged. */
function runningView(): CheckView {
  const view = buildCheckView({ status: 'running' });
  const keep = new Set(['c0-0', 'c2-0']);
  return {
    ...view,
    check: {
      ...view.check,
      progress: { sentences: 4, claims: 2, checkWorthy: 1, verdicts: 1, evidence: 2 },
      warnings: [],
    },
    claims: view.claims.filter((claim) => keep.has(claim.id)),
    assessments: new Map([...view.assessments].filter(([id]) => id === 'c0-0')),
    evidence: view.evidence.filter((item) => item.claimId === 'c0-0'),
    revisions: [],
  };
}

const show = () => renderWithDb(<CurrentCheck checkId="chk-1" onOpenCheck={() => undefined} />, db);

describe('a running check', () => {
  it('shows stage counters and each verdict as the background writes it', async () => {
    await seedView(db, runningView());
    show();
    const progress = await screen.findByTestId('check-progress');
    expect(within(progress).getByTestId('progress-claims').textContent).toBe('Claims found2');
    expect(within(progress).getByTestId('progress-check-worthy').textContent).toBe('Worth checking1');
    expect(within(progress).getByTestId('progress-evidence').textContent).toBe('Evidence2');
    expect(within(progress).getByTestId('progress-verdicts').textContent).toBe('Judged1');
    expect(
      within(progress)
        .getAllByTestId('progress-verdict')
        .map((item) => item.textContent),
    ).toEqual(['Refuted — The Great Wall of China is visible from the Moon with the naked eye.']);

    // The background finds and judges another claim: the panel follows without being told.
    const full = buildCheckView();
    await db.claims.put({
      id: 'chk-1:c3-0',
      checkId: 'chk-1',
      claim: full.claims.find((c) => c.id === 'c3-0')!,
      assessment: full.assessments.get('c3-0')!,
    });
    await db.checks.update('chk-1', {
      progress: { sentences: 4, claims: 3, checkWorthy: 2, verdicts: 2, evidence: 2 },
    });
    await waitFor(() => expect(screen.getAllByTestId('progress-verdict')).toHaveLength(2));
    await waitFor(() => expect(screen.getByTestId('progress-verdicts').textContent).toBe('Judged2'));
    expect(screen.getAllByTestId('span').map((span) => span.getAttribute('data-band'))).toEqual([
      'red',
      'grey',
      'unknown',
    ]);

    await db.checks.update('chk-1', { status: 'done' });
    await waitFor(() => expect(screen.queryByTestId('check-progress')).toBeNull());
    // Done, with a claim whose search failed: the failure is said first, with Retry, never "Check complete".
    expect(screen.getByTestId('check-failure').textContent).toMatch(
      /^1 of 2 claims could not be judged: Every search provider failed\.Retry/,
    );
    expect(screen.queryByText('Check complete.')).toBeNull();
  });

  it('lists each claim as soon as it is written, as being checked, then its verdict when it lands', async () => {
    await seedView(db, runningView());
    show();
    await screen.findByTestId('check-progress');
    expect(screen.queryAllByTestId('progress-pending')).toHaveLength(0);
    // A claim streams in: it is listed at once, before any verdict for it.
    const full = buildCheckView();
    await db.claims.put({ id: 'chk-1:c3-0', checkId: 'chk-1', claim: full.claims.find((c) => c.id === 'c3-0')! });
    await waitFor(() =>
      expect(screen.getAllByTestId('progress-pending').map((item) => item.textContent)).toEqual([
        expect.stringMatching(/^Checking… — .*Everest/),
      ]),
    );
    // Its verdict lands: the same line now shows it.
    await db.claims.update('chk-1:c3-0', { assessment: full.assessments.get('c3-0')! });
    await waitFor(() => expect(screen.queryAllByTestId('progress-pending')).toHaveLength(0));
    expect(screen.getAllByTestId('progress-verdict').map((item) => item.textContent)).toContainEqual(
      expect.stringMatching(/Everest/),
    );
  });

  it('marks claims still waiting for a verdict as being checked, not as failed', async () => {
    const view = runningView();
    await seedView(db, { ...view, claims: [...view.claims, buildCheckView().claims.find((c) => c.id === 'c3-0')!] });
    show();
    await screen.findByTestId('check-progress');
    const waiting = screen.getAllByTestId('span').find((span) => span.textContent?.includes('Everest'))!;
    expect(waiting.getAttribute('aria-label')).toMatch(/— being checked$/);
  });

  it('sends cancelCheck with the check id', async () => {
    const sent = fakeBackground({ cancelCheck: () => undefined });
    await seedView(db, runningView());
    show();
    fireEvent.click(await screen.findByTestId('check-cancel'));
    await waitFor(() => expect(commands(sent)).toEqual([{ type: 'cancelCheck', data: { checkId: 'chk-1' } }]));
  });
});

describe('how a check ended', () => {
  it('keeps a cancelled check and says how far it got', async () => {
    const view = runningView();
    await seedView(db, { ...view, check: { ...view.check, status: 'cancelled', stopped: 'cancelled' } });
    show();
    expect((await screen.findByTestId('check-status')).textContent).toBe(
      'Cancelled: 1 of 1 claim checked. Results so far are kept.',
    );
    expect(screen.getAllByTestId('span')).toHaveLength(2);
    expect(screen.queryByTestId('check-progress')).toBeNull();
  });

  it('shows why a check failed', async () => {
    const view = buildCheckView();
    await seedView(db, {
      ...view,
      check: { ...view.check, status: 'failed', error: 'The model server answered 401: check the API key.' },
    });
    show();
    const status = await screen.findByTestId('check-status');
    expect(status.getAttribute('data-status')).toBe('failed');
    expect(status.textContent).toContain('The model server answered 401: check the API key.');
  });

  it('says a result answered wholly from the cache comes from the history, with its age and Re-check', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.UTC(2025, 0, 15, 12, 30));
    try {
      // Every claim judged (the fixture's search-failed claim left out): nothing failed to say first.
      const full = buildCheckView();
      const view: CheckView = {
        ...full,
        claims: full.claims.filter((claim) => claim.id !== 'c3-0'),
        assessments: new Map([...full.assessments].filter(([id]) => id !== 'c3-0')),
      };
      const checkedAt = Date.UTC(2025, 0, 15, 10, 30);
      await seedView(db, { ...view, check: { ...view.check, status: 'done', servedFromCache: { checkedAt } } });
      show();
      const status = await screen.findByTestId('check-status');
      expect(status.textContent).toBe('From your history, checked 2 hours ago · Re-check');
      expect(within(status).getByRole('button').textContent).toBe('Re-check');
      expect(screen.queryByText('Check complete.')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('explains a stop for the token budget', async () => {
    const view = buildCheckView();
    await seedView(db, { ...view, check: { ...view.check, status: 'done', stopped: 'budget' } });
    show();
    const status = await screen.findByTestId('check-status');
    expect(status.getAttribute('data-status')).toBe('budget');
    expect(status.textContent).toContain('token budget');
    expect(status.textContent).toContain('3 of 4 claims checked');
  });

  it('lists provider warnings, naming the provider and the reason', async () => {
    await seedView(db, buildCheckView());
    show();
    const warnings = await screen.findByTestId('check-warnings');
    expect(warnings.tagName).toBe('DETAILS');
    expect(warnings.textContent).toContain('SearXNG failed for "Mount Everest height": the server answered 503');
  });

  it('says when the check does not exist', async () => {
    show();
    expect((await screen.findByTestId('check-missing')).textContent).toContain('no longer exists');
  });
});

describe('a stalled run', () => {
  afterEach(() => vi.useRealTimers());

  it('wakes the background with resumeChecks when the running check stops changing, once per stall', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const sent = fakeBackground({ resumeChecks: () => ({ resumed: 1 }) });
    const view = runningView();
    const { rerender } = render(
      <CheckProgress check={view.check} claims={view.claims} assessments={view.assessments} />,
    );
    vi.advanceTimersByTime(STALL_MS - 2_000);
    expect(sent).toEqual([]);
    // A write arrives: the clock restarts.
    const updated = {
      ...view.check,
      updatedAt: view.check.updatedAt + 1,
      progress: { ...view.check.progress, evidence: 3 },
    };
    rerender(<CheckProgress check={updated} claims={view.claims} assessments={view.assessments} />);
    vi.advanceTimersByTime(STALL_MS - 2_000);
    expect(sent).toEqual([]);
    // The async variant lets the message's promise chain run between ticks.
    await vi.advanceTimersByTimeAsync(4_000);
    expect(sent.map((command) => command.type)).toEqual(['resumeChecks']);
    await vi.advanceTimersByTimeAsync(STALL_MS / 2); // less than a stall since the nudge
    expect(sent).toHaveLength(1);
  });
});
