// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

import { SourcesToCompare } from '../../../../../components/sidepanel/check/sources-to-compare';
import { englishError, type ErrorNotice } from '../../../../../lib/core/error-notices';
import type { SearchOutcome } from '../../../../../lib/core/types';
import type { CheckView } from '../../../../../lib/db/check-view';
import type { FactlightDb } from '../../../../../lib/db/schema';
import type { Catalogue } from '../../../../../lib/i18n/catalogue';
import { setMessageSource } from '../../../../../lib/i18n/i18n';
import { browserSource, catalogueSource } from '../../../../../lib/i18n/sources';
import type { EngineInUse } from '../../../../../lib/settings/engine';
import { buildCheckView, freshDb } from '../../../support/check-fixtures';
import { fakeBackground, renderWithDb } from '../../../support/panel-harness';

let db: FactlightDb;
beforeEach(() => {
  db = freshDb();
});
afterEach(async () => {
  cleanup();
  fakeBrowser.reset();
  setMessageSource(browserSource());
  await db.delete();
});

const shipped = (locale: string) =>
  JSON.parse(readFileSync(join(process.cwd(), 'public/_locales', locale, 'messages.json'), 'utf8')) as Catalogue;

const OFFLINE = 'Could not reach Wikipedia at en.wikipedia.org.';

/** The fixture's text checked without a model: nothing judged; `searched` says how each lookup went. */
function evidenceOnly(status: 'done' | 'failed', searched: SearchOutcome, keepEvidence: boolean): CheckView {
  const view = buildCheckView();
  return {
    ...view,
    check: {
      ...view.check,
      status,
      evidenceOnly: true,
      ...(status === 'failed' ? { error: `Search failed: ${OFFLINE}` } : {}),
    },
    assessments: new Map(),
    evidence: keepEvidence ? view.evidence : [],
    searches: new Map(view.claims.filter((claim) => claim.checkWorthy).map((claim) => [claim.id, searched])),
  };
}

/** Renders the view, and resolves once the background's status has been answered and rendered. */
async function show(
  view: CheckView,
  engine: EngineInUse,
  answers: Parameters<typeof fakeBackground>[0] = {},
): Promise<void> {
  let answered!: () => void;
  const statusAnswered = new Promise<void>((resolve) => (answered = resolve));
  fakeBackground({
    ...answers,
    getStatus: () => {
      answered();
      return { version: '0.1.0', modelConfigured: engine.kind === 'model', engine };
    },
  });
  renderWithDb(<SourcesToCompare view={view} onOpenCheck={() => undefined} />, db);
  await act(() => statusAnswered);
  await act(async () => undefined); // the answer's render
}

const SOURCES_ONLY: EngineInUse = { kind: 'evidence-only', label: 'Sources only', reason: 'No model is set up.' };
const MODEL: EngineInUse = { kind: 'model', label: 'Custom (fake-strong)' };

describe('sources to compare', () => {
  it('says the search failed, and why, where no source was found because every search failed: never "No sources found"', async () => {
    await show(evidenceOnly('failed', { failures: [OFFLINE], allFailed: true }, false), MODEL);
    const counts = screen.getAllByTestId('source-count').map((count) => count.textContent);
    expect(counts.length).toBeGreaterThan(0);
    expect(new Set(counts)).toEqual(new Set([`Search failed: ${OFFLINE}`]));
    expect(screen.getByTestId('check-result').textContent).not.toContain('No sources found');
    expect(screen.getByTestId('check-status').getAttribute('data-status')).toBe('failed');
    // Nothing to judge: no "Judge these sources", even with a model.
    expect(screen.queryByTestId('judge-sources')).toBeNull();
  });

  it('says "No sources found" only when the search answered with nothing', async () => {
    await show(evidenceOnly('done', { failures: [], allFailed: false }, false), SOURCES_ONLY);
    const counts = screen.getAllByTestId('source-count').map((count) => count.textContent);
    expect(new Set(counts)).toEqual(new Set(['No sources found.']));
  });

  it('offers "Judge these sources" only with sources found and a model to judge them', async () => {
    await show(evidenceOnly('done', { failures: [], allFailed: false }, true), SOURCES_ONLY);
    expect(screen.getAllByTestId('source-count')[0]!.textContent).toMatch(/^Sources to compare/);
    expect(screen.queryByTestId('judge-sources')).toBeNull();
    cleanup();
    fakeBrowser.reset();

    await show(evidenceOnly('done', { failures: [], allFailed: false }, true), MODEL);
    // Shown right after the status's render: the same wait as above is enough to see the button.
    expect(screen.getByTestId('judge-sources')).toBeTruthy();
  });

  it('in Arabic, an English search cause and why judging did not start are each isolated in a <bdi>', async () => {
    setMessageSource(catalogueSource('ar', shipped('ar'), shipped('en')));
    await show(evidenceOnly('failed', { failures: [OFFLINE], allFailed: true }, false), MODEL);
    for (const count of screen.getAllByTestId('source-count'))
      expect([...count.querySelectorAll('bdi')].map((bdi) => bdi.textContent)).toEqual([OFFLINE]);
    cleanup();
    fakeBrowser.reset();

    const refused = 'The model server answered HTTP 500.';
    let answered!: () => void;
    const refusal = new Promise<void>((resolve) => (answered = resolve));
    await show(evidenceOnly('done', { failures: [], allFailed: false }, true), MODEL, {
      judgeCheck: () => {
        answered();
        return { ok: false, error: refused };
      },
    });
    fireEvent.click(screen.getByTestId('judge-sources'));
    await act(() => refusal);
    await act(async () => undefined); // the answer's render
    const alert = screen.getByRole('alert');
    expect([...alert.querySelectorAll('bdi')].map((bdi) => bdi.textContent)).toEqual([refused]);
  });

  it("in Arabic, a failed check's stored English error takes its own direction (dir=auto)", async () => {
    setMessageSource(catalogueSource('ar', shipped('ar'), shipped('en')));
    await show(evidenceOnly('failed', { failures: [OFFLINE], allFailed: true }, false), MODEL);
    const words = screen.getByText(`Search failed: ${OFFLINE}`);
    expect(words.closest('[data-testid="check-status"]')).not.toBeNull();
    expect(words.getAttribute('dir')).toBe('auto');
  });

  it("says why the check found sources only in the interface language from its code; an older row's words as stored", async () => {
    setMessageSource(catalogueSource('ja', shipped('ja'), shipped('en')));
    const notice: ErrorNotice = { code: 'on-device-downloadable' };
    const view = evidenceOnly('done', { failures: [], allFailed: false }, true);
    const coded = {
      ...view,
      check: { ...view.check, evidenceOnlyReason: englishError(notice), evidenceOnlyNotice: notice },
    };
    await show(coded, SOURCES_ONLY);
    expect(screen.getByTestId('evidence-only-reason').textContent).toBe(
      shipped('ja').errorOnDeviceDownloadable!.message.replace('$BUTTON$', shipped('ja').engineDownload!.message),
    );
    cleanup();
    fakeBrowser.reset();

    const older = { ...view, check: { ...view.check, evidenceOnlyReason: englishError(notice) } };
    await show(older, SOURCES_ONLY);
    expect(screen.getByTestId('evidence-only-reason').textContent).toBe(englishError(notice));
  });

  it('keeps the checked text, each sentence and each source (title, site, passage) in its own direction', async () => {
    setMessageSource(catalogueSource('ar', shipped('ar'), shipped('en')));
    await show(evidenceOnly('done', { failures: [], allFailed: false }, true), SOURCES_ONLY);
    const sections = screen.getAllByTestId('sentence-sources');
    const passages = screen.getAllByTestId('source-passage');
    expect(sections.length).toBeGreaterThan(0);
    expect(passages.length).toBeGreaterThan(0);
    const dirs = [
      screen.getAllByTestId('sentence')[0]!.closest('.checked-text')!,
      ...sections.map((section) => section.querySelector('.claim-text')!),
      ...passages.flatMap((passage) =>
        ['.evidence-title', '.site', '.passage'].map((selector) => passage.querySelector(selector)!),
      ),
    ].map((element) => element.getAttribute('dir'));
    expect(dirs).toEqual(dirs.map(() => 'auto'));
  });
});
