// @vitest-environment happy-dom
/**
 * The blog evidence of claim c1-1 comes from infowars.com (rated low by both shipped lists), the wiki
 * evidence from en.wikipedia.org (rated high); the other hosts are unrated. Ratings are the shipped file.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

import { CurrentCheck } from '../../../../../components/sidepanel/check/current-check';
import { parseTextFragment } from '../../../../../lib/core/text/text-fragment';
import type { FactlightDb } from '../../../../../lib/db/schema';
import type { Catalogue } from '../../../../../lib/i18n/catalogue';
import { setMessageSource } from '../../../../../lib/i18n/i18n';
import { browserSource, catalogueSource } from '../../../../../lib/i18n/sources';
import { shippedCatalogue } from '../../../support/catalogue-keys';
import { buildCheckView, freshDb, seedView } from '../../../support/check-fixtures';
import { renderWithDb } from '../../../support/panel-harness';

let db: FactlightDb;

beforeEach(async () => {
  sessionStorage.clear();
  db = freshDb();
  const view = buildCheckView({
    patchEvidence: (item) =>
      item.source.sourceType === 'blog'
        ? { ...item, source: { ...item.source, url: 'https://www.infowars.com/posts/curie', host: 'www.infowars.com' } }
        : item.id === 'c1-1:e0'
          ? {
              ...item,
              source: { ...item.source, url: 'https://en.wikipedia.org/wiki/Marie_Curie', host: 'en.wikipedia.org' },
            }
          : item,
  });
  view.claims = view.claims.map((claim) =>
    claim.id === 'c1-1' ? { ...claim, text: 'Marie Curie won Nobel Prizes in physics and chemistry in 2021.' } : claim,
  );
  view.links = [
    ...view.links,
    {
      ...view.links[0]!,
      linkId: 'l2',
      url: 'https://www.breitbart.com/news/wall',
      finalUrl: 'https://www.breitbart.com/news/wall',
      title: 'Wall story',
    },
  ];
  await seedView(db, view);
});
afterEach(async () => {
  cleanup();
  setMessageSource(browserSource());
  fakeBrowser.reset();
  await db.delete();
});

async function openDisputedClaim() {
  renderWithDb(<CurrentCheck checkId="chk-1" onOpenCheck={() => undefined} />, db);
  await screen.findByTestId('check-result');
  fireEvent.click(
    screen.getAllByTestId('span').find((span) => span.textContent?.includes('in physics and chemistry'))!,
  );
  return screen.getByTestId('claim-card');
}

describe('reliability in the side panel', () => {
  it('labels rated sources, with score and list in a tooltip tied to the focusable label; unrated ones show nothing', async () => {
    const card = await openDisputedClaim();
    const items = within(card).getAllByTestId('evidence-item');
    const blog = items.find((item) => item.textContent?.includes('blog report'))!;
    const label = await within(blog).findByTestId('reliability-label');
    expect(label.getAttribute('data-band')).toBe('low');
    expect(label.firstChild?.textContent).toBe('Rated low reliability');
    expect(label.tabIndex).toBe(0);
    const tooltip = within(label).getByRole('tooltip');
    expect(label.getAttribute('aria-describedby')).toBe(tooltip.id);
    expect(tooltip.textContent).toMatch(
      /^infowars\.com: Lin et al\. 2023 \(six expert rating sets combined\): 0\.05 of 1; CRED-1 by Alexander Loth: conspiracy, 0\.07 of 1$/,
    );
    const wiki = items.find((item) => item.textContent?.includes('wiki report'))!;
    expect(within(wiki).getByTestId('reliability-label').getAttribute('data-band')).toBe('high');
    // Claim c0-0's evidence is on unrated hosts: no label at all.
    fireEvent.click(screen.getAllByTestId('span').find((span) => span.textContent?.includes('Great Wall'))!);
    expect(within(screen.getByTestId('claim-card')).queryAllByTestId('reliability-label')).toHaveLength(0);
  });

  it('re-scores at once when "Don\'t count sources rated low" is ticked, with no message sent', async () => {
    const card = await openDisputedClaim();
    const filter = await screen.findByTestId('rated-low-filter');
    await waitFor(() => expect(filter.parentElement?.textContent).toBe("Don't count sources rated low (1)"));
    expect(within(card).getByTestId('claim-verdict').textContent).toContain('Disputed');
    expect(screen.getByTestId('overall-score').textContent).toContain('50%');
    const sent: unknown[] = [];
    fakeBrowser.runtime.onMessage.addListener((message) => void sent.push(message));
    fireEvent.click(filter);
    expect(within(screen.getByTestId('claim-card')).getByTestId('claim-verdict').textContent).toContain('Supported');
    expect(screen.getByTestId('overall-score').textContent).toContain('67%');
    const blog = within(screen.getByTestId('claim-card'))
      .getAllByTestId('evidence-item')
      .find((item) => item.textContent?.includes('blog report'))!;
    expect(blog.className).toContain('excluded');
    expect(blog.textContent).toContain('Count this source (sources rated low are off)');
    fireEvent.click(filter);
    expect(screen.getByTestId('overall-score').textContent).toContain('50%');
    expect(sent).toEqual([]);
  });

  it('flags it in the interface language, the domain isolated in a right-to-left sentence', async () => {
    const arabic = shippedCatalogue('ar') as Catalogue;
    setMessageSource(catalogueSource('ar', arabic));
    await openDisputedClaim();
    const list = screen.getByTestId('link-list');
    expect((await within(list).findByTestId('low-rated-citations')).textContent).toBe(
      `⚠ ${arabic.linksLowRated_one!.message.replace('$DOMAINS$', '\u2068breitbart.com\u2069')}`,
    );
  });

  it('flags the text for citing a low-rated site in "Sources in this text"', async () => {
    await openDisputedClaim();
    const list = screen.getByTestId('link-list');
    expect((await within(list).findByTestId('low-rated-citations')).textContent).toBe(
      '⚠ This text cites a source rated low reliability: breitbart.com.',
    );
    expect(
      within(list)
        .getAllByTestId('reliability-label')
        .map((label) => label.getAttribute('data-band')),
    ).toEqual(['low']);
  });

  it('shows the passage date, warns when it predates the claim, and links to the passage with a text fragment', async () => {
    const card = await openDisputedClaim();
    const items = within(card).getAllByTestId('evidence-item');
    for (const item of items)
      expect(within(item).getByTestId('evidence-date').getAttribute('datetime')).toBe('2019-05-02');
    expect(within(items[0]!).getByTestId('evidence-predates').textContent).toBe(
      '⚠ Published before 2021, which the claim is about: it cannot report that event.',
    );
    const href = within(items[0]!).getByRole('link').getAttribute('href')!;
    expect(href.startsWith('https://en.wikipedia.org/wiki/Marie_Curie#:~:text=')).toBe(true);
    const fragment = parseTextFragment(href)!;
    const passage = within(items[0]!).getByRole('blockquote' as never, { hidden: true });
    expect(passage.textContent?.replace(/\s+/g, ' ')).toContain(fragment.start);
  });
});
