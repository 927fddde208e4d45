import { Fragment, useEffect, useState } from 'react';

import { EngineStatus } from '../../components/engine/engine-status';
import { AboutSection } from '../../components/options/about-section';
import { CaptureSettings } from '../../components/options/capture-settings';
import { CheckingSettings } from '../../components/options/checking-settings';
import { EvidenceSettings } from '../../components/options/evidence-settings';
import { HistorySettings } from '../../components/options/history-settings';
import { InterfaceLanguageField } from '../../components/options/interface-language-field';
import { ManagedNotice } from '../../components/options/managed-notice';
import { ModelSettings } from '../../components/options/model-settings';
import { SearchSettings } from '../../components/options/search-settings';
import { SettingsFileSection } from '../../components/options/settings-file-section';
import { errorMessage } from '../../lib/core/errors';
import { t } from '../../lib/i18n/i18n';
import { sendToBackground } from '../../lib/messaging/protocol';
import { type FormUpdate, type OptionsForm, toDraft } from '../../lib/settings/options-form';
import { openWelcomePage } from '../../lib/welcome/open-welcome-page';

type Status = { kind: 'idle' | 'unsaved' | 'saving' | 'saved' | 'error'; text: string };

/**
 * The options page: edits a copy of the settings and sends it to the background on Save. Edits not yet
 * saved are said beside Save, and leaving the page with them asks first (the browser's own prompt).
 */
export function OptionsApp() {
  const [form, setForm] = useState<OptionsForm>();
  const [loadError, setLoadError] = useState<string>();
  const [status, setStatus] = useState<Status>({ kind: 'idle', text: '' });
  const [dirty, setDirty] = useState(false);

  useEffect(() => {
    if (!dirty) return undefined;
    // https://developer.mozilla.org/en-US/docs/Web/API/Window/beforeunload_event: preventDefault asks the
    // person to confirm; the prompt's wording is the browser's own.
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  // Bumped when an import replaces the form, so fields that keep their own text (site lists) start again from it.
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    sendToBackground('getSettings')
      .then((settings) => setForm({ settings, typedKeys: {} }))
      .catch((error: unknown) => setLoadError(errorMessage(error)));
  }, []);

  if (loadError)
    return (
      <p className="result error" role="alert">
        {t('optionsLoadFailed', { error: loadError })}
      </p>
    );
  if (!form) return <p role="status">{t('optionsLoading')}</p>;

  const update: FormUpdate = (change) => {
    setForm((current) => (current ? change(current) : current));
    setDirty(true);
    setStatus({ kind: 'unsaved', text: t('optionsUnsaved') });
  };

  const save = async () => {
    setStatus({ kind: 'saving', text: t('optionsSaving') });
    try {
      const result = await sendToBackground('saveSettings', toDraft(form));
      if (result.ok) {
        setForm({ settings: result.settings, typedKeys: {} });
        setDirty(false);
        setStatus({ kind: 'saved', text: t('optionsSaved') });
      } else {
        setStatus({ kind: 'error', text: t('optionsNotSaved', { error: result.error }) });
      }
    } catch (error) {
      setStatus({ kind: 'error', text: t('optionsNotSaved', { error: errorMessage(error) }) });
    }
  };

  return (
    <form
      className="options"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <h1>{t('optionsPageTitle')}</h1>
      <p className="hint">{t('optionsKeysStay')}</p>
      <p className="hint">
        {t('optionsNewHere')}{' '}
        <button type="button" className="link" data-testid="open-welcome" onClick={() => void openWelcomePage()}>
          {t('optionsOpenWelcome')}
        </button>{' '}
        {t('optionsOpenWelcomeAfter')}
      </p>
      <ManagedNotice managed={form.settings.managed} />
      <InterfaceLanguageField />
      <EngineStatus key={status.kind} switchHint={t('optionsEngineSwitchHint')} />
      <Fragment key={generation}>
        <ModelSettings form={form} update={update} />
        <SearchSettings form={form} update={update} />
        <EvidenceSettings form={form} update={update} />
        <CheckingSettings form={form} update={update} />
        <CaptureSettings form={form} update={update} />
        <HistorySettings form={form} update={update} />
      </Fragment>
      <div className="save-bar">
        <button type="submit" data-testid="save-settings" disabled={status.kind === 'saving'}>
          {t('optionsSave')}
        </button>
        <span className={`status ${status.kind}`} data-testid="settings-status" data-state={status.kind} role="status">
          {status.text}
        </span>
      </div>
      <SettingsFileSection
        settings={form.settings}
        onImported={(settings) => {
          setForm({ settings, typedKeys: {} });
          setGeneration((n) => n + 1);
          setStatus({ kind: 'idle', text: '' });
        }}
      />
      <AboutSection />
    </form>
  );
}
