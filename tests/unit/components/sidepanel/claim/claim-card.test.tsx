// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

import { CurrentCheck } from '../../../../../components/sidepanel/check/current-check';
import type { FactlightDb } from '../../../../../lib/db/schema';
import type { Catalogue } from '../../../../../lib/i18n/catalogue';
import { setMessageSource } from '../../../../../lib/i18n/i18n';
import { browserSource, catalogueSource } from '../../../../../lib/i18n/sources';
import { buildCheckView, freshDb, seedView } from '../../../support/check-fixtures';
import { renderWithDb } from '../../../support/panel-harness';

let db: FactlightDb;

beforeEach(async () => {
  sessionStorage.clear();
  db = freshDb();
  await seedView(db, buildCheckView());
});
afterEach(async () => {
  cleanup();
  setMessageSource(browserSource());
  fakeBrowser.reset();
  await db.delete();
});

const spanWith = (text: string) => screen.getAllByTestId('span').find((span) => span.textContent?.includes(text))!;

describe("the side panel's claim card from the keyboard", () => {
  it('takes focus when opened; Escape closes it and gives focus back to the sentence that opened it', async () => {
    renderWithDb(<CurrentCheck checkId="chk-1" onOpenCheck={() => undefined} />, db);
    await screen.findByTestId('check-result');
    const sentence = spanWith('Great Wall');
    sentence.focus();
    fireEvent.keyDown(sentence, { key: 'Enter' });
    const card = screen.getByTestId('claim-card');
    expect(card.contains(document.activeElement)).toBe(true);

    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByTestId('claim-card')).toBeNull();
    expect(document.activeElement).toBe(spanWith('Great Wall'));
  });

  it('keeps the card open for other keys', async () => {
    renderWithDb(<CurrentCheck checkId="chk-1" onOpenCheck={() => undefined} />, db);
    await screen.findByTestId('check-result');
    fireEvent.click(spanWith('Great Wall'));
    fireEvent.keyDown(screen.getByTestId('claim-card'), { key: 'Tab' });
    expect(screen.getByTestId('claim-card')).toBeTruthy();
  });
});

describe("the side panel's claim card on a verdict from one site", () => {
  it('says when every passage that took a side comes from one site, and not when two sites did', async () => {
    renderWithDb(<CurrentCheck checkId="chk-1" onOpenCheck={() => undefined} />, db);
    await screen.findByTestId('check-result');
    fireEvent.click(spanWith('Great Wall'));
    expect(screen.getByTestId('claim-verdict').getAttribute('data-verdict')).toBe('refuted');
    expect(screen.queryByTestId('claim-one-source')).toBeNull();
    cleanup();

    const oneSite = freshDb();
    await seedView(
      oneSite,
      buildCheckView({
        patchEvidence: (item) => ({ ...item, source: { ...item.source, host: 'one.example.org' } }),
      }),
    );
    renderWithDb(<CurrentCheck checkId="chk-1" onOpenCheck={() => undefined} />, oneSite);
    await screen.findByTestId('check-result');
    fireEvent.click(spanWith('Great Wall'));
    expect(screen.getByTestId('claim-one-source').textContent).toBe(
      'This verdict rests on one site alone (one.example.org): weigh it accordingly.',
    );
    cleanup();
    await oneSite.delete();
  });
});

describe("the side panel's claim card in Arabic (right to left)", () => {
  const arabic = JSON.parse(readFileSync(join(process.cwd(), 'public/_locales/ar/messages.json'), 'utf8')) as Catalogue;

  it('isolates the English host inside the Arabic sentence, and lets the model’s English reasons keep their direction', async () => {
    setMessageSource(catalogueSource('ar', arabic));
    const oneSite = freshDb();
    await seedView(
      oneSite,
      buildCheckView({
        patchEvidence: (item) => ({ ...item, source: { ...item.source, host: 'one.example.org' } }),
      }),
    );
    renderWithDb(<CurrentCheck checkId="chk-1" onOpenCheck={() => undefined} />, oneSite);
    await screen.findByTestId('check-result');
    fireEvent.click(spanWith('Great Wall'));
    const line = screen.getByTestId('claim-one-source');
    // The sentence is the catalogue's, whole, with the host in a <bdi> where the translator put it.
    expect(line.textContent).toBe(arabic.claimOneSource!.message.replace('$HOST$', 'one.example.org'));
    expect([...line.querySelectorAll('bdi')].map((bdi) => bdi.textContent)).toEqual(['one.example.org']);
    const rationales = [...screen.getByTestId('claim-card').querySelectorAll('.rationale')];
    expect(rationales.length).toBeGreaterThan(0);
    for (const rationale of rationales) expect(rationale.getAttribute('dir')).toBe('auto');
    await oneSite.delete();
  });
});

describe("the side panel's claim card when the sources returned no evidence", () => {
  const spanish = JSON.parse(
    readFileSync(join(process.cwd(), 'public/_locales/es/messages.json'), 'utf8'),
  ) as Catalogue;

  it('says so in the interface language, not in the English stored beside the code', async () => {
    const rows = await db.claims.toArray();
    const row = rows.find((claim) => claim.claim.text.includes('Great Wall'))!;
    await db.claims.update(row.id, {
      assessment: {
        claimId: row.claim.id,
        verdict: 'not-enough-evidence',
        judgements: [],
        explanation: 'The enabled sources returned no evidence for this claim.',
        explanationCode: 'no-evidence',
        citedEvidenceIds: [],
      },
    });
    setMessageSource(catalogueSource('es', spanish));
    renderWithDb(<CurrentCheck checkId="chk-1" onOpenCheck={() => undefined} />, db);
    await screen.findByTestId('check-result');
    fireEvent.click(spanWith('Great Wall'));
    expect(screen.getByTestId('claim-explanation').textContent).toBe(spanish.explanationNoEvidence!.message);
  });
});

describe("the side panel's claim card when the model gave no rationale for a passage", () => {
  const spanish = JSON.parse(
    readFileSync(join(process.cwd(), 'public/_locales/es/messages.json'), 'utf8'),
  ) as Catalogue;

  it("says so in the interface language; the model's own rationale stays as written", async () => {
    const rows = await db.claims.toArray();
    const row = rows.find((claim) => (claim.assessment?.judgements.length ?? 0) >= 2)!;
    const [first, second] = row.assessment!.judgements;
    await db.claims.update(row.id, {
      assessment: {
        ...row.assessment!,
        judgements: [
          { ...first!, rationale: 'No rationale given by the model.', rationaleCode: 'no-rationale' },
          { ...second!, rationale: 'Says it plainly.' },
        ],
      },
    });
    setMessageSource(catalogueSource('es', spanish));
    renderWithDb(<CurrentCheck checkId="chk-1" onOpenCheck={() => undefined} />, db);
    await screen.findByTestId('check-result');
    fireEvent.click(spanWith(row.claim.text.split(' ').slice(0, 2).join(' ')));
    const rationales = [...screen.getByTestId('claim-card').querySelectorAll('.rationale')].map(
      (element) => element.textContent,
    );
    expect(rationales).toContain(spanish.rationaleNotGiven!.message);
    expect(rationales).toContain('Says it plainly.');
    expect(rationales).not.toContain('No rationale given by the model.');
  });
});
