// @vitest-environment happy-dom
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

import { CheckStatus } from '../../../../../components/sidepanel/check/check-status';
import { failureCauses, failureOf } from '../../../../../lib/core/score/failures';
import type { Catalogue } from '../../../../../lib/i18n/catalogue';
import { setMessageSource } from '../../../../../lib/i18n/i18n';
import { browserSource, catalogueSource } from '../../../../../lib/i18n/sources';
import { failureWords } from '../../../../../lib/view/headline-words';
import { buildCheckView } from '../../../support/check-fixtures';
import { fakeBackground } from '../../../support/panel-harness';

afterEach(() => {
  cleanup();
  fakeBrowser.reset();
  setMessageSource(browserSource());
});

const catalogue = async (locale: string) =>
  JSON.parse(
    await readFile(join(import.meta.dirname, `../../../../../public/_locales/${locale}/messages.json`), 'utf8'),
  ) as Catalogue;

const noop = () => undefined;

describe('CheckStatus', () => {
  it('leads with the shared cause when claims could not be checked, never "Check complete." alone', () => {
    const { check } = buildCheckView({ status: 'done' });
    const reason = 'Your OpenAI account is out of credit (billing): add credit, then check again.';
    const failed = { verdict: 'could-not-check', error: reason, judgements: [] } as never;
    const failure = failureWords(failureOf(failureCauses([failed, failed, failed]), 3)!);
    render(
      <CheckStatus
        check={check}
        progress="0 of 3 claims checked"
        cause={reason}
        failure={failure}
        onOpenCheck={noop}
      />,
    );
    const line = screen.getByTestId('check-failure');
    expect(line.getAttribute('role')).toBe('alert');
    expect(line.textContent).toMatch(/^None of the 3 claims could be judged: Your OpenAI account is out of credit/);
    expect(screen.queryByText('Check complete.')).toBeNull();
  });

  it('says a finished check with every claim judged is complete', () => {
    const { check } = buildCheckView({ status: 'done' });
    render(
      <CheckStatus
        check={check}
        progress="3 of 3 claims checked"
        cause={undefined}
        failure={undefined}
        onOpenCheck={noop}
      />,
    );
    expect(screen.getByTestId('check-status').textContent).toBe('Check complete.');
  });

  it('a failed check that kept its failure as counts says it in the interface language; an older row its English', async () => {
    const reason = 'Could not reach http://127.0.0.1:8080/v1.';
    const english = `None of the 3 claims could be judged: ${reason}`;
    const failure = failureOf([{ message: reason, claims: 3 }], 3)!;
    setMessageSource(catalogueSource('es', await catalogue('es'), await catalogue('en')));
    const { check } = buildCheckView({ status: 'failed' });
    const { unmount } = render(
      <CheckStatus
        check={{ ...check, error: english, failure }}
        progress=""
        cause={reason}
        failure={undefined}
        onOpenCheck={noop}
      />,
    );
    expect(screen.getByTestId('check-status').textContent).toContain(
      `La verificación falló: No se pudo evaluar ninguna de las 3 afirmaciones: ${reason}`,
    );
    unmount();
    // Saved before the row kept the counts: the English it stored, never nothing.
    render(
      <CheckStatus
        check={{ ...check, error: english }}
        progress=""
        cause={reason}
        failure={undefined}
        onOpenCheck={noop}
      />,
    );
    expect(screen.getByTestId('check-status').textContent).toContain(`La verificación falló: ${english}`);
  });

  it('in Arabic, a failed check’s English reason is isolated in a <bdi> inside the Arabic sentence', async () => {
    const english = 'None of the 3 claims could be judged: Could not reach http://127.0.0.1:8080/v1.';
    setMessageSource(catalogueSource('ar', await catalogue('ar'), await catalogue('en')));
    const { check } = buildCheckView({ status: 'failed' });
    render(
      <CheckStatus
        check={{ ...check, error: english }}
        progress=""
        cause={undefined}
        failure={undefined}
        onOpenCheck={noop}
      />,
    );
    const status = screen.getByTestId('check-status');
    expect([...status.querySelectorAll('bdi')].map((bdi) => bdi.textContent)).toEqual([english]);
  });

  it('in Arabic, why a re-check did not start is isolated in a <bdi>', async () => {
    const refused = 'The check could not start: HTTP 500.';
    let answered!: () => void;
    const refusal = new Promise<void>((resolve) => (answered = resolve));
    fakeBackground({
      recheck: () => {
        answered();
        return { ok: false, error: refused };
      },
    });
    setMessageSource(catalogueSource('ar', await catalogue('ar'), await catalogue('en')));
    const { check } = buildCheckView({ status: 'done' });
    const servedFromCache = { checkedAt: Date.now() - 60_000 };
    render(
      <CheckStatus
        check={{ ...check, servedFromCache }}
        progress=""
        cause={undefined}
        failure={undefined}
        onOpenCheck={noop}
      />,
    );
    fireEvent.click(screen.getByTestId('check-from-history-recheck'));
    await act(() => refusal);
    await act(async () => undefined); // the answer's render
    const alert = screen.getByRole('alert');
    expect([...alert.querySelectorAll('bdi')].map((bdi) => bdi.textContent)).toEqual([refused]);
  });
});
