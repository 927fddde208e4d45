// @vitest-environment happy-dom
/**
 * The options' text fields hold addresses, keys, model ids, hosts and header names: Latin technical strings
 * that read left to right in every interface language (an RTL field in the Arabic form would move a URL's
 * punctuation). Every such field of every section is `dir="ltr"`, whatever the page's direction.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';

import { CaptureSettings } from '../../../../components/options/capture-settings';
import { CheckingSettings } from '../../../../components/options/checking-settings';
import { EvidenceSettings } from '../../../../components/options/evidence-settings';
import { ModelSettings } from '../../../../components/options/model-settings';
import { SearchSettings } from '../../../../components/options/search-settings';
import type { FormUpdate, OptionsForm } from '../../../../lib/settings/options-form';
import { redactSettings } from '../../../../lib/settings/redact';
import { DEFAULT_SETTINGS } from '../../../../lib/settings/schema';

afterEach(cleanup);

function Sections() {
  const [form, setForm] = useState<OptionsForm>(() => ({ settings: redactSettings(DEFAULT_SETTINGS), typedKeys: {} }));
  const update: FormUpdate = (change) => setForm(change);
  return (
    <div dir="rtl">
      <ModelSettings form={form} update={update} />
      <SearchSettings form={form} update={update} />
      <CheckingSettings form={form} update={update} />
      <EvidenceSettings form={form} update={update} />
      <CaptureSettings form={form} update={update} />
    </div>
  );
}

describe('the technical fields of the options', () => {
  it('are all dir="ltr": URLs, keys, model ids, custom headers and site lists', () => {
    const { container } = render(<Sections />);
    // A header row, to see its name and value fields too.
    fireEvent.click(screen.getByTestId('llm-header-add'));
    const fields = [
      ...container.querySelectorAll<HTMLElement>('input:not([type="checkbox"]):not([type="number"]), textarea'),
    ];
    const names = fields.map((field) => field.getAttribute('data-testid'));
    expect(names).toEqual(
      expect.arrayContaining([
        'llm-base-url',
        'llm-api-key',
        'llm-model-fast',
        'llm-model-strong',
        'llm-model-embedding',
        'llm-header-name-0',
        'llm-header-value-0',
        'searxng-url',
        'brave-key',
        'web-archive-url',
        'crossref-url',
        'excluded-domains',
        'floating-button-off-sites',
      ]),
    );
    const notLtr = fields.filter((field) => field.getAttribute('dir') !== 'ltr').map((field) => field.outerHTML);
    expect(notLtr).toEqual([]);
  });
});
