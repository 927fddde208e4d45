// @vitest-environment happy-dom
/**
 * A failed claim's cause in the interface language: a check whose model rejected the key (a coded error,
 * lib/core/error-notices.ts) reads in French in the failure line and on the claim card, and a row stored
 * before errors had codes still shows the English it stored.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

import { CurrentCheck } from '../../../../../components/sidepanel/check/current-check';
import { englishError, type ErrorNotice } from '../../../../../lib/core/error-notices';
import type { ClaimAssessment } from '../../../../../lib/core/types';
import type { CheckView } from '../../../../../lib/db/check-view';
import type { FactlightDb } from '../../../../../lib/db/schema';
import type { Catalogue } from '../../../../../lib/i18n/catalogue';
import { setMessageSource } from '../../../../../lib/i18n/i18n';
import { browserSource, catalogueSource } from '../../../../../lib/i18n/sources';
import { buildCheckView, freshDb, seedView } from '../../../support/check-fixtures';
import { renderWithDb } from '../../../support/panel-harness';

const catalogue = async (locale: string) =>
  JSON.parse(
    await readFile(join(import.meta.dirname, `../../../../../public/_locales/${locale}/messages.json`), 'utf8'),
  ) as Catalogue;

const KEY_REJECTED: ErrorNotice = { code: 'key-rejected', provider: 'OpenAI', detail: 'Incorrect API key provided' };
const FRENCH =
  'OpenAI a refusé la clé d’API (401\u00a0: Incorrect API key provided)\u00a0: vérifiez la clé d’API dans les paramètres.';

let db: FactlightDb | undefined;
afterEach(async () => {
  cleanup();
  fakeBrowser.reset();
  setMessageSource(browserSource());
  await db?.delete();
});

/** The fixture check with every claim "could not check" for `assessment`'s error. */
function failedView(error: Pick<ClaimAssessment, 'error' | 'errorNotice'>): CheckView {
  const view = buildCheckView({ status: 'done' });
  const assessments = new Map<string, ClaimAssessment>();
  for (const claim of view.claims) {
    if (!claim.checkWorthy) continue;
    assessments.set(claim.id, {
      claimId: claim.id,
      verdict: 'could-not-check',
      judgements: [],
      explanation: '',
      citedEvidenceIds: [],
      ...error,
    });
  }
  return { ...view, assessments, evidence: [] };
}

async function showFirstClaim(view: CheckView): Promise<void> {
  db = freshDb();
  await seedView(db, view);
  renderWithDb(<CurrentCheck checkId={view.check.id} onOpenCheck={() => undefined} />, db);
  await screen.findByTestId('check-result');
  const claimText = view.claims.find((claim) => claim.checkWorthy)!.text;
  const span = screen.getAllByTestId('span').find((element) => claimText.startsWith(element.textContent ?? '\0'));
  fireEvent.click(span ?? screen.getAllByTestId('span')[0]!);
}

describe('a failed claim in a French interface', () => {
  it("says the provider's error in French in the failure line and on the claim card, never as false", async () => {
    setMessageSource(catalogueSource('fr', await catalogue('fr'), await catalogue('en')));
    await showFirstClaim(failedView({ error: englishError(KEY_REJECTED), errorNotice: KEY_REJECTED }));
    const failure = screen.getByTestId('check-failure').textContent!;
    expect(failure).toContain(FRENCH);
    expect(failure).not.toContain('rejected the API key');
    const why = screen.getByTestId('claim-why').textContent!;
    expect(why).toMatch(/^Raison/);
    expect(why).toContain(FRENCH);
    expect(screen.getByTestId('claim-verdict').getAttribute('data-verdict')).toBe('could-not-check');
    expect(screen.getByTestId('claim-verdict').textContent).not.toMatch(/faux/i);
  });

  it('shows an older row, stored in English without a code, as it was stored', async () => {
    setMessageSource(catalogueSource('fr', await catalogue('fr'), await catalogue('en')));
    const english = englishError(KEY_REJECTED);
    await showFirstClaim(failedView({ error: `Could not check: ${english}` }));
    expect(screen.getByTestId('check-failure').textContent).toContain(english);
    expect(screen.getByTestId('claim-why').textContent).toMatch(/^Raison\s*: OpenAI rejected the API key \(401/);
  });
});
