// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

import { CurrentCheck } from '../../../../../components/sidepanel/check/current-check';
import { HistoryView } from '../../../../../components/sidepanel/history/history-view';
import type { FactlightDb } from '../../../../../lib/db/schema';
import { buildCheckView, freshDb, seedView } from '../../../support/check-fixtures';
import { renderWithDb } from '../../../support/panel-harness';

const IMG = '<img src=x onerror=alert(1)>';

let db: FactlightDb;
beforeEach(async () => {
  sessionStorage.clear();
  db = freshDb();
  const view = buildCheckView({
    sentences: [
      `The Great Wall ${IMG} is visible from the Moon.`,
      `Marie Curie <a href="javascript:alert(1)">won</a> two Nobel Prizes.`,
      'I think history is fascinating.',
      'Mount Everest is tall.',
    ],
    rationale: `Because ${IMG} says so.`,
    patchEvidence: (item) => ({
      ...item,
      passage: `${item.passage} ${IMG} <script>alert(1)</script>`,
      source: {
        ...item.source,
        title: `${IMG} Title`,
        siteName: `<b>${IMG}</b>`,
        url: item.claimId === 'c0-0' ? 'javascript:alert(1)' : item.source.url,
      },
    }),
  });
  await seedView(db, {
    ...view,
    check: { ...view.check, pageTitle: IMG, pageUrl: 'javascript:alert(1)', warnings: [`Provider said ${IMG}`] },
  });
});
afterEach(async () => {
  cleanup();
  fakeBrowser.reset();
  await db.delete();
});

describe('hostile text and evidence', () => {
  it('stays text: no element is created from page text, passages, titles or rationales', async () => {
    renderWithDb(<CurrentCheck checkId="chk-1" onOpenCheck={() => undefined} />, db);
    const result = await screen.findByTestId('check-result');
    fireEvent.click(screen.getAllByTestId('span')[0]!);
    const card = screen.getByTestId('claim-card');
    for (const root of [result, card]) {
      expect(root.querySelectorAll('img, script, b')).toHaveLength(0);
    }
    expect(result.textContent).toContain(`The Great Wall ${IMG} is visible from the Moon.`);
    expect(card.textContent).toContain(`${IMG} Title`);
    expect(card.textContent).toContain(`Because ${IMG} says so.`);
    expect(card.textContent).toContain('<script>alert(1)</script>');
  });

  it('gives a javascript: evidence or page URL no href, and shows it as text', async () => {
    renderWithDb(<CurrentCheck checkId="chk-1" onOpenCheck={() => undefined} />, db);
    await screen.findByTestId('check-result');
    fireEvent.click(screen.getAllByTestId('span')[0]!);
    const hrefs = [...document.querySelectorAll('a')].map((a) => a.getAttribute('href') ?? '');
    expect(hrefs.filter((href) => /^\s*javascript:/i.test(href))).toEqual([]);
    expect(document.querySelectorAll('a:not([href])')).toHaveLength(0);
    const items = screen.getAllByTestId('evidence-item');
    for (const item of items) expect(item.querySelector('a')).toBeNull();
    expect(items[0]!.textContent).toContain('Not a web address, so not linked: javascript:alert(1)');
  });

  it('lists hostile checks in history as text', async () => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    renderWithDb(<HistoryView onOpen={() => undefined} />, db);
    const item = await screen.findByTestId('history-item');
    expect(item.textContent).toContain(IMG);
    expect(document.querySelectorAll('img')).toHaveLength(0);
  });
});
