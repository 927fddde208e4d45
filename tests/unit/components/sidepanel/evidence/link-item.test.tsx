// @vitest-environment happy-dom
/**
 * A cited link's reason in the interface language: a coded reason (an unregistered DOI) is worded from the
 * shipped catalogue when shown, whatever language the check was made in; a link stored before the codes, or
 * with a reason not yet coded, shows the English `detail` it stored.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { LinkItem } from '../../../../../components/sidepanel/evidence/link-item';
import type { LinkAudit } from '../../../../../lib/core/quality/links/types';
import type { Catalogue } from '../../../../../lib/i18n/catalogue';
import { setMessageSource } from '../../../../../lib/i18n/i18n';
import { browserSource, catalogueSource } from '../../../../../lib/i18n/sources';

const shipped = (locale: string) =>
  JSON.parse(readFileSync(join(process.cwd(), 'public/_locales', locale, 'messages.json'), 'utf8')) as Catalogue;

const STORED = 'The DOI 10.5555/invented.2023.42 is not registered, so the reference it stands for may be invented.';
const AUDIT: LinkAudit = {
  linkId: 'l0',
  url: 'https://doi.org/10.5555/invented.2023.42',
  status: 'dead',
  detail: STORED,
  reason: { code: 'doi-unregistered', doi: '10.5555/invented.2023.42' },
  doi: { doi: '10.5555/invented.2023.42', registered: false },
  exists: false,
  relevant: null,
  supports: null,
  rationale: '',
};

describe('LinkItem: the reason under a link', () => {
  afterEach(() => {
    cleanup();
    setMessageSource(browserSource());
  });

  it('words a coded reason in the interface language (a check made in English, read in Spanish)', () => {
    setMessageSource(catalogueSource('es', shipped('es'), shipped('en')));
    render(<LinkItem audit={AUDIT} />);
    expect(
      screen.getByText(
        'El DOI 10.5555/invented.2023.42 no está registrado, así que la referencia que representa podría ser inventada.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(STORED)).toBeNull();
  });

  it('shows the stored English of a link kept without a code', () => {
    setMessageSource(catalogueSource('es', shipped('es'), shipped('en')));
    const { reason: _reason, ...old } = AUDIT;
    render(<LinkItem audit={old} />);
    expect(screen.getByText(STORED)).toBeTruthy();
  });
});

describe('LinkItem: each fact once', () => {
  afterEach(() => {
    cleanup();
    setMessageSource(browserSource());
  });

  const times = (text: string, part: string) => text.split(part).length - 1;
  const DOI = '10.1000/182';
  const NOW_AT = 'https://publisher.example/articles/182-v2';
  // A registered DOI whose publisher page moved on: the audit's reasons say both, as retrieveLink gives them.
  const MOVED: LinkAudit = {
    linkId: 'l1',
    url: `https://doi.org/${DOI}`,
    status: 'redirected',
    detail: '',
    reasons: [
      { code: 'doi-registered', doi: DOI, title: 'The DOI Handbook' },
      { code: 'redirect-elsewhere', url: NOW_AT },
      { code: 'page-read', title: 'The DOI Handbook' },
    ],
    finalUrl: NOW_AT,
    title: 'The DOI Handbook',
    doi: { doi: DOI, registered: true, title: 'The DOI Handbook' },
    exists: true,
    relevant: true,
    supports: true,
    rationale: '',
  };

  it.each(['en', 'ar'])('says the DOI and where the link leads once each (%s)', (locale) => {
    setMessageSource(catalogueSource(locale, shipped(locale), shipped('en')));
    const { container } = render(<LinkItem audit={MOVED} />);
    const text = container.textContent ?? '';
    expect(times(text, DOI)).toBe(1);
    expect(times(text, NOW_AT)).toBe(1);
  });

  it('says them once for a link stored before the codes, whose English detail holds them', () => {
    setMessageSource(catalogueSource('en', shipped('en')));
    const { reasons: _reasons, ...old } = MOVED;
    const detail = `The DOI ${DOI} is registered as “The DOI Handbook”. The link redirects to another address (${NOW_AT}).`;
    const { container } = render(<LinkItem audit={{ ...old, detail }} />);
    const text = container.textContent ?? '';
    expect(times(text, DOI)).toBe(1);
    expect(times(text, NOW_AT)).toBe(1);
  });
});

describe('LinkItem: the title keeps its own direction', () => {
  afterEach(cleanup);

  it('gives the link title dir="auto"', () => {
    const { container } = render(<LinkItem audit={{ ...AUDIT, title: 'دليل المعرّفات' }} />);
    const title = container.querySelector('.link-url')!;
    expect([title.textContent, title.getAttribute('dir')]).toEqual(['دليل المعرّفات', 'auto']);
  });
});
