// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

import { AboutSection } from '../../../../components/options/about-section';

// The fake browser has no manifest; the section shows the version from it.
beforeEach(
  () =>
    void vi
      .spyOn(fakeBrowser.runtime, 'getManifest')
      .mockReturnValue({ manifest_version: 3, name: 'Factlight', version: '1.2.3' }),
);
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("the options page's About section", () => {
  it('gives the attribution the rating lists ask for: the paper cited, CC BY credit, licence link and changes', () => {
    render(<AboutSection />);
    const lin = screen.getByTestId('attribution-lin2023');
    expect(lin.textContent).toContain(
      'Lin, H., Lasser, J., Lewandowsky, S., Cole, R., Gully, A., Rand, D. G., & Pennycook, G. (2023)',
    );
    expect(within(lin).getByRole('link').getAttribute('href')).toBe('https://doi.org/10.1093/pnasnexus/pgad286');
    const cred = screen.getByTestId('attribution-cred1');
    expect(cred.textContent).toContain('CRED-1 by Alexander Loth');
    expect(
      within(cred)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['https://github.com/aloth/cred-1', 'https://creativecommons.org/licenses/by/4.0/']);
    expect(cred.textContent).toContain('OpenSources.co (CC BY 4.0, Melissa Zimdars et al.)');
    expect(cred.textContent).toContain('Changes:');
    expect(screen.getByTestId('about-section').textContent).toContain('A source neither list rates shows no label');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('About Factlight 1.2.3');
  });
});
