import { useEffect, useMemo, useState } from 'react';
import { browser } from 'wxt/browser';

import { errorMessage } from '../../lib/core/errors';
import { t } from '../../lib/i18n/i18n';
import { sendToBackground } from '../../lib/messaging/protocol';
import type { ModelPresetId } from '../../lib/settings/model-presets';
import { type FormUpdate, type OptionsForm, toDraft } from '../../lib/settings/options-form';
import { detectOnDeviceModel } from '../../lib/welcome/on-device';
import { queryDestinations } from '../../lib/welcome/query-destinations';
import { publicModelSetupProblem } from '../../lib/welcome/setup-problem';
import { useExtensionStatus } from '../sidepanel/use-extension-status';
import { ModelSetup, type SaveStatus } from './model-setup';
import { OnDeviceOption } from './on-device-option';
import { OrganisationSetup } from './organisation-setup';
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
  // The organisation's policy set the model up: nothing to choose or connect (its server, in words).
  const organisation = status?.engine?.kind === 'model' ? status.engine.managedServer : undefined;

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
    setSave({ kind: 'saving', text: t('optionsSaving') });
    try {
      const result = await sendToBackground('saveSettings', toDraft(form));
      if (result.ok) {
        setForm({ settings: result.settings, typedKeys: {} });
        setUnsaved(false);
        const problem = publicModelSetupProblem(result.settings);
        setSave(
          problem
            ? { kind: 'incomplete', text: t('welcomeSavedNotReady', { problem }) }
            : { kind: 'saved', text: t('welcomeSaved') },
        );
      } else {
        setSave({ kind: 'error', text: t('optionsNotSaved', { error: result.error }) });
      }
    } catch (error) {
      setSave({ kind: 'error', text: t('optionsNotSaved', { error: errorMessage(error) }) });
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
        <h1>{t('welcomePageTitle')}</h1>
        <WhatItDoes />
        <p className="hint" data-testid="welcome-nothing-sent">
          {t('welcomeNothingSent')}
        </p>
        <p>
          <a href="#try-it" data-testid="welcome-skip-to-try">
            {t('welcomeSkipToTry')}
          </a>
        </p>
      </header>
      {statusError ? (
        <p className="result error" role="alert" data-testid="welcome-status-error">
          {t('welcomeStatusError', { error: statusError })}
        </p>
      ) : null}
      {organisation ? (
        <OrganisationSetup server={organisation} />
      ) : (
        <>
          <section aria-labelledby="step-choose">
            <h2 id="step-choose">
              <span className="step" aria-hidden="true">
                1
              </span>{' '}
              {t('welcomeStepChoose')}
            </h2>
            <VerdictSourceChoice chosen={chosen} onChoose={choose} disabled={!form} />
            <OnDeviceOption detection={onDevice} status={status} />
          </section>
          {loadError ? (
            <p className="result error" role="alert">
              {t('optionsLoadFailed', { error: loadError })}
            </p>
          ) : !form ? (
            <p role="status">{t('optionsLoading')}</p>
          ) : chosen ? (
            <ModelSetup form={form} update={update} status={save} onSave={() => void saveModel()} />
          ) : (
            <section aria-labelledby="step-connect">
              <h2 id="step-connect">
                <span className="step" aria-hidden="true">
                  2
                </span>{' '}
                {t('welcomeStepConnect')}
              </h2>
              <p className="hint" data-testid="welcome-choose-first">
                {t('welcomeChooseFirst')}
              </p>
            </section>
          )}
        </>
      )}
      <TryIt
        status={form ? status : undefined}
        chosen={chosen !== undefined || organisation !== undefined}
        unsavedChanges={unsaved && status?.modelConfigured === true}
        queriesGoTo={form ? queryDestinations(form.settings.search) : undefined}
        checkId={checkId}
        onStarted={showCheck}
      />
      <footer className="next">
        <h2>{t('welcomeThenHeading')}</h2>
        <ul>
          <li>{t('welcomeThenSelect', { shortcut: 'Alt+Shift+F' })}</li>
          <li>{t('welcomeThenToolbar')}</li>
        </ul>
        <p>
          {t('welcomeMoreInSettings')}{' '}
          <button
            type="button"
            className="link"
            data-testid="welcome-open-options"
            onClick={() => void browser.runtime.openOptionsPage()}
          >
            {t('welcomeOpenSettings')}
          </button>
          {t('welcomeMoreInSettingsAfter')}
        </p>
      </footer>
    </main>
  );
}
