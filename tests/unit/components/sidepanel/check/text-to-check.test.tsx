// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

import { TextToCheck } from '../../../../../components/sidepanel/check/text-to-check';
import { estimateCheck } from '../../../../../lib/core/model/estimate';
import { freshDb } from '../../../support/check-fixtures';
import { commands, fakeBackground, renderWithDb } from '../../../support/panel-harness';

afterEach(() => {
  cleanup();
  fakeBrowser.reset();
});

/** The checks started (the estimate may also ask for the settings, to count reasoning tokens). */
const starts = (sent: ReturnType<typeof fakeBackground>) =>
  commands(sent).filter((command) => command.type === 'startCheck');

function setup() {
  const onStarted = vi.fn();
  renderWithDb(<TextToCheck onStarted={onStarted} />, freshDb());
  const type = (text: string) => fireEvent.change(screen.getByTestId('check-input'), { target: { value: text } });
  return { onStarted, type, submit: () => fireEvent.click(screen.getByTestId('check-submit')) };
}

describe('the text to check', () => {
  it('refuses empty or blank text with a message, sending nothing', () => {
    const sent = fakeBackground();
    const { type, submit } = setup();
    submit();
    expect(screen.getByTestId('check-message').textContent).toBe('Type or paste some text to check first.');
    type('   \n\t ');
    submit();
    expect(screen.getByTestId('check-message')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('starts a typed check and opens it', async () => {
    const sent = fakeBackground({ startCheck: () => ({ ok: true, checkId: 'new-1' }) });
    const { type, submit, onStarted } = setup();
    type('Water boils at 100 °C at sea level.');
    submit();
    await waitFor(() => expect(onStarted).toHaveBeenCalledWith('new-1'));
    expect(commands(sent)).toEqual([
      { type: 'startCheck', data: { text: 'Water boils at 100 °C at sea level.', origin: 'typed' } },
    ]);
    expect((screen.getByTestId('check-input') as HTMLTextAreaElement).value).toBe('');
  });

  it('shows the estimate of a long text before checking it', async () => {
    const sent = fakeBackground({ startCheck: () => ({ ok: true, checkId: 'long-1' }) });
    const { type, submit, onStarted } = setup();
    type(
      Array.from(
        { length: 25 },
        (_, i) => `Statement number ${i + 1} says the river is ${i + 10} kilometres long.`,
      ).join(' '),
    );
    submit();
    const estimate = screen.getByTestId('check-estimate');
    expect(estimate.textContent).toMatch(/This text has 25 sentences: about [\d,]+ model calls and [\d,]+ tokens/);
    expect(estimate.textContent).not.toContain('reasoning'); // no settings answer: the plain estimate stays
    expect(starts(sent)).toEqual([]);
    fireEvent.click(screen.getByTestId('check-confirm'));
    await waitFor(() => expect(onStarted).toHaveBeenCalledWith('long-1'));
    expect(starts(sent)).toHaveLength(1);
  });

  it('counts the hidden reasoning tokens of reasoning models in the estimate', async () => {
    // The OpenAI preset's defaults (gpt-5.4-mini / gpt-5.4) are reasoning models.
    fakeBackground({
      getSettings: () => ({ model: { preset: 'openai', profiles: {} }, checking: { mode: 'fast' } }),
    });
    const { type, submit } = setup();
    type(
      Array.from(
        { length: 25 },
        (_, i) => `Statement number ${i + 1} says the river is ${i + 10} kilometres long.`,
      ).join(' '),
    );
    submit();
    await waitFor(() =>
      expect(screen.getByTestId('check-estimate').textContent).toMatch(
        /tokens \([\d,]+ of them hidden reasoning\)\. Check it anyway\?/,
      ),
    );
  });

  it('counts one verification call per expected page in Thorough mode', async () => {
    fakeBackground({
      getSettings: () => ({
        model: { preset: 'ollama', profiles: {} },
        checking: { mode: 'thorough' },
        evidence: { resultsPerClaim: 3 },
      }),
    });
    const { type, submit } = setup();
    const text = Array.from(
      { length: 25 },
      (_, i) => `Statement number ${i + 1} says the river is ${i + 10} kilometres long.`,
    ).join(' ');
    type(text);
    submit();
    const { modelCalls } = estimateCheck(text, { thorough: { pagesPerClaim: 3 } });
    expect(modelCalls).toBeGreaterThan(estimateCheck(text).modelCalls);
    await waitFor(() =>
      expect(screen.getByTestId('check-estimate').textContent).toContain(`about ${modelCalls} model calls`),
    );
  });

  it('lets the user back out of a long check', () => {
    const sent = fakeBackground();
    const { type, submit } = setup();
    type(Array.from({ length: 22 }, (_, i) => `Fact ${i} is stated here.`).join(' '));
    submit();
    fireEvent.click(screen.getByTestId('check-estimate-cancel'));
    expect(screen.queryByTestId('check-estimate')).toBeNull();
    expect(starts(sent)).toEqual([]);
  });

  it('says "Choose a model first" with a way to the options page when no model is set up', async () => {
    fakeBackground({ startCheck: () => ({ ok: false, error: 'No model is configured.', needsSetup: true }) });
    const openOptions = vi.spyOn(fakeBrowser.runtime, 'openOptionsPage').mockResolvedValue(undefined);
    const { type, submit } = setup();
    type('The Eiffel Tower is in Paris.');
    submit();
    const notice = await screen.findByTestId('check-needs-setup');
    expect(notice.textContent).toContain('Choose a model first');
    fireEvent.click(screen.getByTestId('check-open-options'));
    expect(openOptions).toHaveBeenCalledOnce();
  });

  it('shows a refusal from the background as an error', async () => {
    fakeBackground({ startCheck: () => ({ ok: false, error: 'The text is longer than 200,000 characters.' }) });
    const { type, submit } = setup();
    type('Some text.');
    submit();
    expect((await screen.findByTestId('check-message')).textContent).toBe(
      'The text is longer than 200,000 characters.',
    );
  });
});
