// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

import { OnDeviceOption } from '../../../../components/welcome/on-device-option';
import { WAYS } from '../../../../components/welcome/verdict-source-choice';
import { WelcomeApp } from '../../../../components/welcome/welcome-app';
import type { FactlightDb } from '../../../../lib/db/schema';
import type { OnDeviceStatus } from '../../../../lib/llm/on-device-download';
import { ON_DEVICE_MESSAGES } from '../../../../lib/llm/on-device-messages';
import type { ModelConnectionDraft, StartCheckRequest } from '../../../../lib/messaging/protocol';
import { modelSetupProblem } from '../../../../lib/settings/active-profile';
import { chooseEngine, wantsOnDevice } from '../../../../lib/settings/engine';
import { MODEL_PRESET_IDS } from '../../../../lib/settings/model-presets';
import { redactSettings, type SettingsDraft } from '../../../../lib/settings/redact';
import { DEFAULT_SETTINGS, type Settings } from '../../../../lib/settings/schema';
import { detectOnDeviceModel } from '../../../../lib/welcome/on-device';
import { WELCOME_SAMPLE_TEXT } from '../../../../lib/welcome/sample-text';
import { buildCheckView, freshDb, seedView } from '../../support/check-fixtures';
import { fakeBackground, renderWithDb, type SentCommand } from '../../support/panel-harness';

let db: FactlightDb;
beforeEach(() => {
  window.history.replaceState(null, '', '/welcome.html');
  db = freshDb();
});
afterEach(async () => {
  cleanup();
  fakeBrowser.reset();
  await db.delete();
});

/** A background with settings and status that change when the page saves, as the real one's do. */
/** Debian's Chromium and Firefox: no on-device model, so an unset model means sources only. */
const NO_ON_DEVICE: OnDeviceStatus = { availability: 'missing', message: ON_DEVICE_MESSAGES.unavailable };

function background(
  initial: Settings = DEFAULT_SETTINGS,
  onDevice: OnDeviceStatus = NO_ON_DEVICE,
): { sent: SentCommand[] } {
  let settings = initial;
  const sent = fakeBackground({
    getSettings: () => redactSettings(settings),
    // The background's own choice of engine, from the same function it uses.
    getStatus: () => ({
      version: '0.1.0',
      modelConfigured: modelSetupProblem(settings.model) === undefined,
      engine: chooseEngine(settings, onDevice),
      onDevice,
      wantsOnDevice: wantsOnDevice(settings, onDevice),
    }),
    testModelConnection: () => ({
      ok: true,
      message: 'Connected: 2 models listed, and a chat reply came back.',
      models: ['fake-fast', 'fake-strong'],
    }),
    saveSettings: (data) => {
      const { preset, profiles } = (data as SettingsDraft).model;
      const { apiKey, ...profile } = profiles[preset]!;
      settings = {
        ...settings,
        model: {
          preset,
          profiles: { [preset]: { ...profile, apiKey: apiKey ?? '', embeddingModel: profile.embeddingModel ?? '' } },
        },
      };
      // The real background writes storage, which is what tells pages to ask for the status again.
      void fakeBrowser.storage.local.set({ settings: { saved: true } });
      return { ok: true, settings: redactSettings(settings) };
    },
    startCheck: () => ({ ok: true, checkId: 'chk-1' }),
  });
  return { sent };
}

const sentTypes = (sent: SentCommand[]) => [...new Set(sent.map((command) => command.type))];

describe('the welcome page', () => {
  it('on a first run chooses nothing, sends nothing but its own questions, and offers "Try it" in sources only, saying where queries go', async () => {
    const { sent } = background();
    renderWithDb(<WelcomeApp />, db);
    await screen.findByTestId('welcome-choose-first');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Welcome to Factlight');
    expect(screen.getByTestId('welcome-what').querySelectorAll('li')).toHaveLength(3);
    const radios = screen.getAllByRole('radio') as HTMLInputElement[];
    expect(radios.map((radio) => radio.value)).toEqual([
      'openai',
      'anthropic',
      'gemini',
      'openrouter',
      'groq',
      'deepseek',
      'ollama',
      'lmstudio',
      'custom',
    ]);
    expect(radios.some((radio) => radio.checked)).toBe(false);
    expect(screen.queryByTestId('llm-base-url')).toBeNull();
    const tryIt = await screen.findByTestId('welcome-try');
    // No model and no on-device model: a check still runs, as sources only, and says so before the press.
    await waitFor(() => expect((tryIt as HTMLButtonElement).disabled).toBe(false));
    const runsOn = screen.getByTestId('welcome-try-runs-on');
    expect(runsOn.getAttribute('data-engine')).toBe('evidence-only');
    expect(runsOn.textContent).toBe(
      '“Try it” finds sources to compare; add a model for verdicts. Pressing it sends search queries from the sample to Wikipedia and Wikidata.',
    );
    expect(tryIt.textContent).toBe('Try it: find sources');
    expect(tryIt.getAttribute('aria-describedby')).toBe('try-runs-on');
    expect(screen.queryByTestId('welcome-try-reason')).toBeNull();
    expect(sentTypes(sent).sort()).toEqual(['getSettings', 'getStatus']);
  });

  it('names every enabled search source in the hint, and waits while it does not know what checks run on', async () => {
    const settings: Settings = {
      ...DEFAULT_SETTINGS,
      search: { ...DEFAULT_SETTINGS.search, brave: { enabled: true, apiKey: 'k' } },
    };
    fakeBackground({ getSettings: () => redactSettings(settings), getStatus: () => new Promise(() => undefined) });
    renderWithDb(<WelcomeApp />, db);
    await screen.findByTestId('welcome-choose-first');
    expect(screen.getByTestId('welcome-try-reason').textContent).toBe('Checking what checks run on…');
    expect((screen.getByTestId('welcome-try') as HTMLButtonElement).disabled).toBe(true);
    cleanup();
    background(settings);
    renderWithDb(<WelcomeApp />, db);
    await waitFor(() =>
      expect(screen.getByTestId('welcome-try-runs-on').textContent).toMatch(
        /to Wikipedia, Wikidata, and Brave Search\.$/,
      ),
    );
  });

  it('in sources only, "Try it" checks the sample and shows the sources to compare, as the side panel does', async () => {
    const { sent } = background();
    renderWithDb(<WelcomeApp />, db);
    await waitFor(() => expect((screen.getByTestId('welcome-try') as HTMLButtonElement).disabled).toBe(false));
    const view = buildCheckView();
    await seedView(db, {
      ...view,
      check: { ...view.check, evidenceOnly: true, evidenceOnlyReason: ON_DEVICE_MESSAGES.unavailable },
    });
    const scrolled: Element[] = [];
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this);
    });
    fireEvent.click(screen.getByTestId('welcome-try'));
    const result = await screen.findByTestId('check-result');
    expect(result.getAttribute('data-evidence-only')).toBe('true');
    expect(screen.getByTestId('evidence-only-notice')).toBeTruthy();
    // The result is brought into view (it sits below the fold), and the no-model reason the page states above
    // (the on-device statement) is not said again in it.
    await waitFor(() => expect(scrolled).toContain(screen.getByTestId('welcome-result')));
    expect(screen.queryByTestId('evidence-only-reason')).toBeNull();
    expect(document.body.textContent!.split('Chrome 138').length - 1).toBe(1);
    // A neutral mark per looked-up sentence, no colour of truth, and the sources per sentence.
    const bands = screen.getAllByTestId('span').map((span) => span.getAttribute('data-band'));
    expect(bands.length).toBeGreaterThan(0);
    expect(new Set(bands)).toEqual(new Set(['neutral']));
    expect(screen.getAllByTestId('sentence-sources').length).toBeGreaterThan(0);
    expect(sent.find((command) => command.type === 'startCheck')!.data as StartCheckRequest).toEqual({
      text: WELCOME_SAMPLE_TEXT,
      origin: 'typed',
    });
    expect(screen.getByTestId('welcome-try').textContent).toBe('Try it: find sources again');
  });

  it('on a browser with the on-device model, "Try it" runs on it and says the sample stays on the device', async () => {
    background(DEFAULT_SETTINGS, { availability: 'available', message: ON_DEVICE_MESSAGES.available });
    renderWithDb(<WelcomeApp />, db);
    await waitFor(() => expect((screen.getByTestId('welcome-try') as HTMLButtonElement).disabled).toBe(false));
    const runsOn = screen.getByTestId('welcome-try-runs-on');
    expect(runsOn.getAttribute('data-engine')).toBe('on-device');
    expect(runsOn.textContent).toBe(
      '“Try it” runs on Chrome’s on-device model: the sample stays on this device, and search queries from it go to Wikipedia and Wikidata.',
    );
    expect(screen.getByTestId('welcome-try').textContent).toBe('Try it on this device');
  });

  it('sets up the chosen provider with the options form: Test connection, then save, then Try it on the sample', async () => {
    const { sent } = background();
    renderWithDb(<WelcomeApp />, db);
    fireEvent.click(await screen.findByLabelText('Custom (OpenAI-compatible)'));
    expect(screen.getByTestId('welcome-preset-hint').textContent).toMatch(/OpenAI chat completions API/);
    await waitFor(() =>
      expect(screen.getByTestId('welcome-try-reason').textContent).toMatch(
        /For verdicts from the way you chose, fill in step 2 and save it/,
      ),
    );
    expect((screen.getByTestId('welcome-try') as HTMLButtonElement).disabled).toBe(false);
    fireEvent.change(screen.getByLabelText('Base URL'), { target: { value: 'http://127.0.0.1:8080/v1' } });
    fireEvent.change(screen.getByLabelText('Fast model (finds claims)'), { target: { value: 'fake-fast' } });
    fireEvent.change(screen.getByLabelText('Strong model (judges evidence)'), { target: { value: 'fake-strong' } });

    fireEvent.click(screen.getByTestId('test-llm'));
    await waitFor(() => expect(screen.getByTestId('test-llm-result').getAttribute('data-ok')).toBe('true'));
    const tested = sent.find((command) => command.type === 'testModelConnection')!.data as ModelConnectionDraft;
    expect(tested).toMatchObject({
      preset: 'custom',
      profile: { baseUrl: 'http://127.0.0.1:8080/v1', fastModel: 'fake-fast', strongModel: 'fake-strong' },
    });
    // Testing is not saving: "Try it" still runs as sources only.
    expect(screen.getByTestId('welcome-try-runs-on').getAttribute('data-engine')).toBe('evidence-only');

    fireEvent.click(screen.getByTestId('welcome-save'));
    await waitFor(() => expect(screen.getByTestId('welcome-save-status').getAttribute('data-state')).toBe('saved'));
    const draft = sent.find((command) => command.type === 'saveSettings')!.data as SettingsDraft;
    expect(draft.model.preset).toBe('custom');
    await waitFor(() => expect(screen.getByTestId('welcome-try-runs-on').getAttribute('data-engine')).toBe('model'));
    expect(screen.getByTestId('welcome-try-runs-on').textContent).toBe(
      '“Try it” sends the sample to Custom (OpenAI-compatible) (fake-strong), the model you set up, and search queries from it go to Wikipedia and Wikidata.',
    );
    expect(screen.getByTestId('welcome-try').textContent).toBe('Try it');
    expect((screen.getByTestId('welcome-try') as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByTestId('welcome-try-reason')).toBeNull();

    await seedView(db, buildCheckView());
    fireEvent.click(screen.getByTestId('welcome-try'));
    await screen.findByTestId('check-result');
    expect(sent.find((command) => command.type === 'startCheck')!.data as StartCheckRequest).toEqual({
      text: WELCOME_SAMPLE_TEXT,
      origin: 'typed',
    });
    expect(screen.getAllByTestId('span').map((span) => span.getAttribute('data-band'))).toContain('red');
    expect(new URL(window.location.href).searchParams.get('check')).toBe('chk-1');
  });

  it('says what is missing when a saved provider cannot check yet (a key), and keeps "Try it" to sources only', async () => {
    background();
    renderWithDb(<WelcomeApp />, db);
    fireEvent.click(await screen.findByLabelText('OpenAI'));
    expect((screen.getByLabelText('Base URL') as HTMLInputElement).value).toBe('https://api.openai.com/v1');
    fireEvent.click(screen.getByTestId('welcome-save'));
    await waitFor(() =>
      expect(screen.getByTestId('welcome-save-status').textContent).toBe(
        'Saved, but not ready: OpenAI needs an API key.',
      ),
    );
    expect(screen.getByTestId('welcome-save-status').getAttribute('data-state')).toBe('incomplete');
    await waitFor(() =>
      expect(screen.getByTestId('welcome-try-reason').textContent).toMatch(/fill in step 2 and save it/),
    );
    expect(screen.getByTestId('welcome-try-runs-on').getAttribute('data-engine')).toBe('evidence-only');
  });

  it('reopened after set-up, shows the saved provider chosen and "Try it" ready', async () => {
    const settings: Settings = {
      ...DEFAULT_SETTINGS,
      model: {
        preset: 'ollama',
        profiles: {
          ollama: {
            baseUrl: 'http://localhost:11434/v1',
            apiKey: '',
            fastModel: 'llama3.1:8b',
            strongModel: 'llama3.1:8b',
            embeddingModel: '',
            structuredOutput: 'auto',
          },
        },
      },
    };
    background(settings);
    renderWithDb(<WelcomeApp />, db);
    await waitFor(() => expect((screen.getByLabelText('Ollama (local)') as HTMLInputElement).checked).toBe(true));
    expect((screen.getByLabelText('Base URL') as HTMLInputElement).value).toBe('http://localhost:11434/v1');
    await waitFor(() => expect((screen.getByTestId('welcome-try') as HTMLButtonElement).disabled).toBe(false));
    expect(screen.getByTestId('welcome-try-runs-on').textContent).toMatch(
      /^“Try it” sends the sample to Ollama \(local\) \(llama3\.1:8b\), the model you set up/,
    );
  });

  it('says when a saved model has unsaved edits that "Try it" will not use', async () => {
    const settings: Settings = {
      ...DEFAULT_SETTINGS,
      model: {
        preset: 'custom',
        profiles: {
          custom: {
            baseUrl: 'http://127.0.0.1:8080/v1',
            apiKey: '',
            fastModel: 'a',
            strongModel: 'b',
            embeddingModel: '',
            structuredOutput: 'auto',
          },
        },
      },
    };
    background(settings);
    renderWithDb(<WelcomeApp />, db);
    fireEvent.change(await screen.findByLabelText('Fast model (finds claims)'), { target: { value: 'c' } });
    await waitFor(() => expect(screen.getByTestId('welcome-try-reason').textContent).toMatch(/unsaved changes/));
    expect((screen.getByTestId('welcome-try') as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('on this device', () => {
  it('detects the Prompt API only by its presence on the page global', () => {
    expect(detectOnDeviceModel({})).toEqual({ api: 'none' });
    expect(detectOnDeviceModel({ LanguageModel: class {} })).toEqual({ api: 'prompt-api' });
    expect(detectOnDeviceModel()).toEqual({ api: 'none' }); // happy-dom has no LanguageModel
  });

  it("says one thing about the on-device model, from the browser's answer, and does not repeat it below", () => {
    const status = (availability: OnDeviceStatus['availability'], message: string) => ({
      version: '0.1.0',
      modelConfigured: false,
      engine: { kind: 'evidence-only' as const, label: 'Sources only', reason: message },
      onDevice: { availability, message },
    });
    // The interface exists (Debian's Chromium) but the browser answers "unavailable": no "has a model" anywhere.
    const { rerender } = render(
      <OnDeviceOption
        detection={{ api: 'prompt-api' }}
        status={status('unavailable', ON_DEVICE_MESSAGES.unavailable)}
      />,
    );
    const option = () => screen.getByTestId('on-device-option').textContent ?? '';
    expect(screen.getByTestId('on-device-statement').getAttribute('data-availability')).toBe('unavailable');
    expect(option()).toMatch(/has no on-device model.*checks still find sources to compare/);
    expect(option()).not.toMatch(/has a built-in model/);
    expect(option().split('Chrome 138').length - 1).toBe(1);
    expect(screen.queryByTestId('engine-reason')).toBeNull();

    rerender(<OnDeviceOption detection={{ api: 'none' }} status={undefined} />);
    expect(screen.getByTestId('on-device-statement').getAttribute('data-availability')).toBe('missing');

    rerender(
      <OnDeviceOption
        detection={{ api: 'prompt-api' }}
        status={status('downloadable', ON_DEVICE_MESSAGES.downloadable)}
      />,
    );
    expect(option()).toMatch(/can download its on-device model/);
    expect(option()).not.toMatch(/has no on-device model/);
  });

  it('offers every model preset of the options page', () => {
    const offered = WAYS.flatMap((way) => way.presets).sort();
    expect(offered).toEqual([...MODEL_PRESET_IDS].sort());
  });
});
