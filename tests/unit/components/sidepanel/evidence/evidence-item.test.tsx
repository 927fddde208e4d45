// @vitest-environment happy-dom
/**
 * An evidence item's title and passage are the source's own words: each keeps its own direction
 * (`dir="auto"`), so an English source reads left to right in an Arabic panel, and an Arabic one the other way.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { EvidenceItem } from '../../../../../components/sidepanel/evidence/evidence-item';
import { buildCheckView } from '../../../support/check-fixtures';

afterEach(cleanup);

describe('EvidenceItem: the source keeps its own direction', () => {
  it('gives the title link, the site name and the passage dir="auto"', () => {
    const item = buildCheckView().evidence[0]!;
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
    const entry = screen.getByTestId('evidence-item');
    const dirs = ['.evidence-title', '.site', '.passage'].map((selector) =>
      entry.querySelector(selector)!.getAttribute('dir'),
    );
    expect(dirs).toEqual(['auto', 'auto', 'auto']);
  });
});
