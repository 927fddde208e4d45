// @vitest-environment happy-dom
/**
 * An evidence item's title and passage are the source's own words: each keeps its own direction
 * (`dir="auto"`), so an English source reads left to right in an Arabic panel, and an Arabic one the other way.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { EvidenceItem } from '../../../../../components/sidepanel/evidence/evidence-item';
import type { Evidence } from '../../../../../lib/core/types';
import type { Catalogue } from '../../../../../lib/i18n/catalogue';
import { setMessageSource } from '../../../../../lib/i18n/i18n';
import { browserSource, catalogueSource } from '../../../../../lib/i18n/sources';
import { shippedCatalogue } from '../../../support/catalogue-keys';
import { buildCheckView } from '../../../support/check-fixtures';
import { EIFFEL_HEIGHT } from '../../../support/composed-fixtures';

afterEach(() => {
  cleanup();
  setMessageSource(browserSource());
});

function renderItem(item: Evidence) {
  render(
    <EvidenceItem
      item={item}
      claimText="The tower is 330 m tall."
      included
      typeExcluded={false}
      onToggle={() => undefined}
      itemRef={null}
    />,
  );
  return screen.getByTestId('evidence-item');
}

describe('EvidenceItem: the source keeps its own direction', () => {
  it('gives the title link, the site name and the passage dir="auto"', () => {
    const entry = renderItem(buildCheckView().evidence[0]!);
    const dirs = ['.evidence-title', '.site', '.passage'].map((selector) =>
      entry.querySelector(selector)!.getAttribute('dir'),
    );
    expect(dirs).toEqual(['auto', 'auto', 'auto']);
  });

  it("words a Wikidata statement Factlight composed in the interface language, in the interface's direction", () => {
    setMessageSource(catalogueSource('es', shippedCatalogue('es') as Catalogue));
    const base = buildCheckView().evidence[0]!;
    const item: Evidence = {
      ...base,
      origin: 'knowledge-graph',
      source: { ...base.source, title: 'Eiffel Tower (Wikidata)', siteName: 'Wikidata' },
      passage: 'Eiffel Tower — height: 330 metre (as of 2022)',
      composed: EIFFEL_HEIGHT,
    };
    const entry = renderItem(item);
    const passage = entry.querySelector('.passage')!;
    expect(passage.textContent).toBe('Eiffel Tower — height: 330 metre (fecha: 2022)');
    expect(passage.hasAttribute('dir')).toBe(false);
    expect(entry.querySelector('.evidence-title')!.textContent).toBe('Eiffel Tower (Wikidata)');
    cleanup();
    // A row stored before composed words shows the English the model read, in its own direction.
    const { composed: _dropped, ...older } = item;
    const stored = renderItem(older).querySelector('.passage')!;
    expect(stored.textContent).toBe('Eiffel Tower — height: 330 metre (as of 2022)');
    expect(stored.getAttribute('dir')).toBe('auto');
  });
});
