import { useEffect, useMemo, useState } from 'react';
import { browser } from 'wxt/browser';

import { errorMessage } from '../../lib/core/errors';
import { sendToBackground } from '../../lib/messaging/protocol';
import type { ModelPresetId } from '../../lib/settings/model-presets';
import { type FormUpdate, type OptionsForm, toDraft } from '../../lib/settings/options-form';
import { detectOnDeviceModel } from '../../lib/welcome/on-device';
import { queryDestinations } from '../../lib/welcome/query-destinations';
import { publicModelSetupProblem } from '../../lib/welcome/setup-problem';
import { useExtensionStatus } from '../sidepanel/use-extension-status';
import { ModelSetup, type SaveStatus } from './model-setup';
import { OnDeviceOption } from './on-device-option';
import { TryIt } from './try-it';
import { VerdictSourceChoice } from './verdict-source-choice';
import { WhatItDoes } from './what-it-does';

/** `?check=<id>`: the sample check shown after a reload. */
function checkFromUrl(): string | undefined {
  return new URLSearchParams(window.location.search).get('check') || undefined;
}

/**
 * The page that opens on install (and from the options page): what Factlight does, the ways to get
 * verdicts, setting one up with "Test connection", and "Try it" on a sample. Settings go through the same
 * commands as the options page; the sample check is an ordinary check owned by the background.
 */
export function WelcomeApp() {
  const { status, error: statusError } = useExtensionStatus();
  const [form, setForm] = useState<OptionsForm>();
  const [loadError, setLoadError] = useState<string>();
  // The preset the person picked here; a saved model counts as picked when the page is reopened.
  const [chosen, setChosen] = useState<ModelPresetId>();
  const [unsaved, setUnsaved] = useState(false);
  const [save, setSave] = useState<SaveStatus>({ kind: 'idle', text: '' });
  const [checkId, setCheckId] = useState(checkFromUrl);
  const onDevice = useMemo(() => detectOnDeviceModel(), []);

  useEffect(() => {
    sendToBackground('getSettings')
      .then((settings) => {
        setForm({ settings, typedKeys: {} });
        if (settings.model.profiles[settings.model.preset]) setChosen(settings.model.preset);
      })
      .catch((error: unknown) => setLoadError(errorMessage(error)));
  }, []);

  const update: FormUpdate = (change) => {
    setForm((current) => (current ? change(current) : current));
    setUnsaved(true);
    setSave({ kind: 'idle', text: '' });
  };

  const choose = (preset: ModelPresetId) => {
    setChosen(preset);
    update((f) => ({ ...f, settings: { ...f.settings, model: { ...f.settings.model, preset } } }));
  };

  const saveModel = async () => {
    if (!form) return;
    setSave({ kind: 'saving', text: 'Saving…' });
    try {
      const result = await sendToBackground('saveSettings', toDraft(form));
      if (result.ok) {
        setForm({ settings: result.settings, typedKeys: {} });
        setUnsaved(false);
        const problem = publicModelSetupProblem(result.settings);
        setSave(
          problem
            ? { kind: 'incomplete', text: `Saved, but not ready: ${problem}` }
            : { kind: 'saved', text: 'Saved. Now try it below.' },
        );
      } else {
        setSave({ kind: 'error', text: `Not saved: ${result.error}` });
      }
    } catch (error) {
      setSave({ kind: 'error', text: `Not saved: ${errorMessage(error)}` });
    }
  };

  const showCheck = (id: string) => {
    setCheckId(id);
    const url = new URL(window.location.href);
    url.searchParams.set('check', id);
    window.history.replaceState(null, '', url);
  };

  return (
    <main className="welcome">
      <header>
        <h1>Welcome to Factlight</h1>
        <WhatItDoes />
        <p className="hint" data-testid="welcome-nothing-sent">
          Nothing is sent anywhere until you choose below: testing a connection, or pressing “Try it”.
        </p>
        <p>
          <a href="#try-it" data-testid="welcome-skip-to-try">
            See it work on a sample first ↓
          </a>
        </p>
      </header>
      {statusError ? (
        <p className="result error" role="alert" data-testid="welcome-status-error">
          Factlight's background did not answer ({statusError}). Reload this page to retry.
        </p>
      ) : null}
      <section aria-labelledby="step-choose">
        <h2 id="step-choose">
          <span className="step" aria-hidden="true">
            1
          </span>{' '}
          Choose how Factlight gets its verdicts
        </h2>
        <VerdictSourceChoice chosen={chosen} onChoose={choose} disabled={!form} />
        <OnDeviceOption detection={onDevice} status={status} />
      </section>
      {loadError ? (
        <p className="result error" role="alert">
          Settings could not be loaded: {loadError}
        </p>
      ) : !form ? (
        <p role="status">Loading settings…</p>
      ) : chosen ? (
        <ModelSetup form={form} update={update} status={save} onSave={() => void saveModel()} />
      ) : (
        <section aria-labelledby="step-connect">
          <h2 id="step-connect">
            <span className="step" aria-hidden="true">
              2
            </span>{' '}
            Connect it
          </h2>
          <p className="hint" data-testid="welcome-choose-first">
            Choose one of the ways above: its settings appear here, with a test.
          </p>
        </section>
      )}
      <TryIt
        status={form ? status : undefined}
        chosen={chosen !== undefined}
        unsavedChanges={unsaved && status?.modelConfigured === true}
        queriesGoTo={form ? queryDestinations(form.settings.search) : undefined}
        checkId={checkId}
        onStarted={showCheck}
      />
      <footer className="next">
        <h2>Then, on any page</h2>
        <ul>
          <li>Select text and press the “Fact-check” button that appears next to it (or Alt+Shift+F).</li>
          <li>Factlight’s toolbar button opens the side panel, with every check you made.</li>
        </ul>
        <p>
          Search sources, limits and more are in the{' '}
          <button
            type="button"
            className="link"
            data-testid="welcome-open-options"
            onClick={() => void browser.runtime.openOptionsPage()}
          >
            settings
          </button>
          .
        </p>
      </footer>
    </main>
  );
}
