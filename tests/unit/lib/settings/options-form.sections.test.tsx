// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';

import { CaptureSettings } from '../../../../components/options/capture-settings';
import { CheckingSettings } from '../../../../components/options/checking-settings';
import { EvidenceSettings } from '../../../../components/options/evidence-settings';
import { ModelSettings } from '../../../../components/options/model-settings';
import { MODEL_PRESETS } from '../../../../lib/settings/model-presets';
import { type FormUpdate, type OptionsForm } from '../../../../lib/settings/options-form';
import { redactSettings } from '../../../../lib/settings/redact';
import { DEFAULT_SETTINGS } from '../../../../lib/settings/schema';

afterEach(cleanup);

const freshForm = (): OptionsForm => ({
  settings: redactSettings(DEFAULT_SETTINGS),
  typedKeys: { 'search:brave': 'typed' },
});

/** A section rendered against real form state; the latest form is shown as JSON for assertions. */
function Harness({ section }: { section: (form: OptionsForm, update: FormUpdate) => React.ReactNode }) {
  const [form, setForm] = useState(freshForm);
  return (
    <>
      {section(form, (change) => setForm(change))}
      <output data-testid="form">{JSON.stringify(form.settings)}</output>
    </>
  );
}
const settings = () => JSON.parse(screen.getByTestId('form').textContent!) as OptionsForm['settings'];

describe('the options sections', () => {
  it('keeps the typed site list as typed while the form gets the parsed hosts', () => {
    render(<Harness section={(form, update) => <CaptureSettings form={form} update={update} />} />);
    const box = screen.getByLabelText('Never show it on these sites (one per line)') as HTMLTextAreaElement;
    expect(box.getAttribute('data-testid')).toBe('floating-button-off-sites');
    fireEvent.change(box, { target: { value: 'https://www.Example.org/path\n\nnews.example.com, example.org\n' } });
    expect(box.value).toBe('https://www.Example.org/path\n\nnews.example.com, example.org\n');
    expect(settings().capture.floatingButtonOffSites).toEqual(['example.org', 'news.example.com']);
    fireEvent.click(screen.getByTestId('auto-check-replies'));
    expect(settings().capture).toMatchObject({
      autoCheckReplies: true,
      floatingButtonOffSites: ['example.org', 'news.example.com'],
    });
  });

  it('edits excluded sites, numbers and the token budget in the evidence section', () => {
    render(<Harness section={(form, update) => <EvidenceSettings form={form} update={update} />} />);
    const box = screen.getByLabelText('Never use these sites (one per line)') as HTMLTextAreaElement;
    expect(box.getAttribute('data-testid')).toBe('excluded-domains');
    fireEvent.change(box, { target: { value: 'pinterest.com\nwww.quora.com/x' } });
    expect(settings().evidence.excludedDomains).toEqual(['pinterest.com', 'quora.com']);
    fireEvent.change(screen.getByTestId('resultsPerClaim'), { target: { value: '99' } });
    expect(settings().evidence.resultsPerClaim).toBe(10);
    fireEvent.change(screen.getByTestId('tokens-per-check'), { target: { value: '5000' } });
    expect(settings().limits).toEqual({ tokensPerCheck: 5000 });
    expect(settings().evidence.excludedDomains).toEqual(['pinterest.com', 'quora.com']);
  });

  it('switches the checking mode and the link audit', () => {
    render(<Harness section={(form, update) => <CheckingSettings form={form} update={update} />} />);
    fireEvent.change(screen.getByTestId('mode-select'), { target: { value: 'thorough' } });
    fireEvent.click(screen.getByTestId('audit-links'));
    expect(settings().checking).toMatchObject({ mode: 'thorough', auditLinks: !DEFAULT_SETTINGS.checking.auditLinks });
  });

  it("sets the reasoning effort per role and the schema-in-the-prompt mode on the chosen preset's profile", () => {
    render(<Harness section={(form, update) => <ModelSettings form={form} update={update} />} />);
    expect((screen.getByTestId('llm-effort-fast') as HTMLSelectElement).value).toBe('low');
    expect((screen.getByTestId('llm-effort-strong') as HTMLSelectElement).value).toBe('medium');
    fireEvent.change(screen.getByTestId('llm-effort-strong'), { target: { value: 'high' } });
    fireEvent.change(screen.getByTestId('llm-structured-output'), { target: { value: 'prompt' } });
    expect(settings().model.profiles.openai).toMatchObject({
      fastModel: MODEL_PRESETS.openai.fastModel,
      strongModel: MODEL_PRESETS.openai.strongModel,
      reasoningEffort: { fast: 'low', strong: 'high' },
      structuredOutput: 'prompt',
    });
  });
});
