import { describe, expect, it } from 'vitest';

import type { CaptureSelectors } from '../../../../lib/anchoring/selectors';
import { drawRequestFor } from '../../../../lib/background/page-spans';
import { parseRatingsTable } from '../../../../lib/core/evidence/sources/domain-ratings';
import { parseTextFragment } from '../../../../lib/core/text/text-fragment';
import { formatDate } from '../../../../lib/view/format';
import { buildCheckView } from '../../support/check-fixtures';

/** The check drawn in its page: the card's top evidence links to the passage and names its reliability. */
describe("the page card's top evidence", () => {
  const view = buildCheckView();
  view.check = { ...view.check, capture: {} as CaptureSelectors };

  it('links to the passage with a text fragment, with its date and rating', () => {
    const ratings = parseRatingsTable('scientific.example.org\t150\t\n');
    const wall = drawRequestFor(view, ratings)!.spans.find((span) => span.claimId === 'c0-0')!;
    expect(wall.topEvidence).toMatchObject({
      title: 'scientific report c0-0 #0',
      stance: 'refutes',
      // The date as the side panel writes it (Intl, one format everywhere), never the raw "2019-05-02".
      publishedAt: formatDate('2019-05-02'),
    });
    expect(wall.topEvidence!.publishedAt).not.toBe('2019-05-02');
    expect(wall.topEvidence!.url.startsWith('https://scientific.example.org/c0-0/0#:~:text=')).toBe(true);
    expect(parseTextFragment(wall.topEvidence!.url)?.start).toBeTruthy();
    expect(wall.topEvidence!.reliability).toEqual({
      band: 'low',
      label: 'Rated low reliability',
      detail: 'scientific.example.org: Lin et al. 2023 (six expert rating sets combined): 0.15 of 1',
    });
  });

  it('says when the evidence predates the date the claim names', () => {
    const dated = {
      ...view,
      claims: view.claims.map((claim) =>
        claim.id === 'c0-0' ? { ...claim, text: 'In 2021 the Great Wall was seen from the Moon.' } : claim,
      ),
    };
    expect(drawRequestFor(dated)!.spans.find((span) => span.claimId === 'c0-0')!.topEvidence!.predates).toBe('2021');
    expect(drawRequestFor(view)!.spans.find((span) => span.claimId === 'c0-0')!.topEvidence!.predates).toBeUndefined();
  });

  it('carries no rating for an unrated host', () => {
    const wall = drawRequestFor(view)!.spans.find((span) => span.claimId === 'c0-0')!;
    expect(wall.topEvidence!.reliability).toBeUndefined();
  });
});
