import { afterEach, describe, expect, it } from 'vitest';

import type { CaptureSelectors } from '../../../../lib/anchoring/selectors';
import { drawRequestFor } from '../../../../lib/background/page-spans';
import type { Catalogue } from '../../../../lib/i18n/catalogue';
import { setMessageSource } from '../../../../lib/i18n/i18n';
import { browserSource, catalogueSource } from '../../../../lib/i18n/sources';
import { shippedCatalogue } from '../../support/catalogue-keys';
import { buildCheckView } from '../../support/check-fixtures';

afterEach(() => setMessageSource(browserSource()));

/** What the page is told about the check's end: the reason a check failed, said where the button was pressed. */
describe('a check drawn in its page', () => {
  const view = buildCheckView();
  const capture = {} as CaptureSelectors;

  it("carries a failed check's reason, for both judged and sources-only checks", () => {
    const failed = { ...view.check, capture, status: 'failed' as const, error: 'Could not reach the model.' };
    expect(drawRequestFor({ ...view, check: failed })).toMatchObject({
      finished: true,
      failure: 'Could not reach the model.',
    });
    expect(drawRequestFor({ ...view, check: { ...failed, evidenceOnly: true } })?.failure).toBe(
      'Could not reach the model.',
    );
    expect(drawRequestFor({ ...view, check: { ...failed, error: undefined } })?.failure).toBe('The check failed.');
  });

  it('carries no failure for a check that ended well or still runs', () => {
    expect(drawRequestFor({ ...view, check: { ...view.check, capture, status: 'done' } })?.failure).toBeUndefined();
    expect(drawRequestFor({ ...view, check: { ...view.check, capture, status: 'running' } })).toMatchObject({
      finished: false,
    });
  });
});

/** The card's words in an Arabic interface: text from elsewhere keeps its own direction inside them. */
describe("a card's text from elsewhere in a right-to-left interface", () => {
  const view = buildCheckView();
  const capture = {} as CaptureSelectors;
  const arabic = () =>
    setMessageSource(catalogueSource('ar', shippedCatalogue('ar') as Catalogue, shippedCatalogue('en') as Catalogue));

  it("isolates a claim's stored English cause in the Arabic reason", () => {
    arabic();
    const card = drawRequestFor({ ...view, check: { ...view.check, capture, status: 'done' } })!;
    // c3-0 could not be checked; its cause is stored English without a code.
    expect(card.spans.find((span) => span.claimId === 'c3-0')!.explanation).toContain(
      '\u2068Every search provider failed.\u2069',
    );
  });

  it("isolates the source's English passage in an evidence-only card", () => {
    arabic();
    const card = drawRequestFor({ ...view, check: { ...view.check, capture, status: 'done', evidenceOnly: true } })!;
    const wall = card.spans.find((span) => span.claimId === 'c0-0')!;
    const passage = view.evidence.find((item) => item.claimId === 'c0-0')!.passage;
    expect(wall.explanation).toContain(`\u2068${passage.length > 200 ? passage.slice(0, 197) : passage}`);
    expect(wall.explanation).toMatch(/\u2069/);
  });
});

/** Evidence Factlight composed from Wikidata, in the card: the title and passage in the interface language. */
describe('a composed Wikidata statement in the card', () => {
  const capture = {} as CaptureSelectors;
  const view = buildCheckView({
    patchEvidence: (item) =>
      item.claimId === 'c0-0'
        ? {
            ...item,
            origin: 'knowledge-graph',
            passage: 'Great Wall — visible from: nowhere (as of 2022)',
            composed: {
              code: 'wikidata-statement',
              params: {
                subject: 'Great Wall',
                property: 'visible from',
                value: { kind: 'text', text: 'nowhere' },
                asOf: { time: '+2022-00-00T00:00:00Z', precision: 9 },
              },
            },
          }
        : item,
  });

  it('words the top source and the sources-only passage in Spanish', () => {
    setMessageSource(catalogueSource('es', shippedCatalogue('es') as Catalogue));
    const judged = drawRequestFor({ ...view, check: { ...view.check, capture, status: 'done' } })!;
    expect(judged.spans.find((span) => span.claimId === 'c0-0')!.topEvidence?.title).toBe('Great Wall (Wikidata)');
    const sources = drawRequestFor({ ...view, check: { ...view.check, capture, status: 'done', evidenceOnly: true } })!;
    const wall = sources.spans.find((span) => span.claimId === 'c0-0')!;
    expect(wall.topEvidence?.title).toBe('Great Wall (Wikidata)');
    expect(wall.explanation).toContain('Great Wall — visible from: nowhere (fecha: 2022)');
  });

  it('closes an isolate the cut of a long passage opened, so the words after it keep their direction', () => {
    setMessageSource(catalogueSource('ar', shippedCatalogue('ar') as Catalogue, shippedCatalogue('en') as Catalogue));
    const long = buildCheckView({
      patchEvidence: (item) =>
        item.claimId === 'c0-0'
          ? {
              ...item,
              origin: 'knowledge-graph',
              passage: 'a long statement',
              composed: {
                code: 'wikidata-statement',
                params: { subject: 'Great Wall', property: 'motto', value: { kind: 'text', text: 'word '.repeat(80) } },
              },
            }
          : item,
    });
    const card = drawRequestFor({ ...long, check: { ...long.check, capture, status: 'done', evidenceOnly: true } })!;
    const explanation = card.spans.find((span) => span.claimId === 'c0-0')!.explanation!;
    const opened = [...explanation].filter((c) => c === '\u2068').length;
    expect(explanation).toContain('…\u2069»');
    expect([...explanation].filter((c) => c === '\u2069').length).toBe(opened);
  });
});
