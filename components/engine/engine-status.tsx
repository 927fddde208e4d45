import { useCallback, useEffect, useState } from 'react';
import { browser } from 'wxt/browser';

import { statusSnapshotDropped } from '../../lib/background/status-snapshot';
import { errorMessage, errorNotice } from '../../lib/core/errors';
import { t } from '../../lib/i18n/i18n';
import { downloadOnDeviceModel } from '../../lib/llm/on-device-download';
import { languageModelOf } from '../../lib/llm/prompt-api';
import { type ExtensionStatus, sendToBackground } from '../../lib/messaging/protocol';
import { causeWords } from '../../lib/view/error-words';
import { percent } from '../../lib/view/format';

/**
 * "Checks run on: …": what checks use now (the model set up in Settings, Chrome's on-device model, or
 * sources only), why, and how to switch; with the on-device model's Download button and its progress when
 * it is the one to use. Shared by the options page, the side panel and the welcome page.
 */
export function EngineStatus(props: {
  switchHint: string;
  onOpenSettings?: () => void;
  pageStatus?: { status: ExtensionStatus | undefined };
  /** Reasons the page already states beside this status (the welcome page's on-device statement). */
  hideReasons?: ReadonlySet<string>;
}) {
  const { switchHint, onOpenSettings } = props;
  const [fetched, setStatus] = useState<ExtensionStatus>();
  // Why the status this component asked for did not come (the background did not answer).
  const [fetchError, setFetchError] = useState<string>();
  // A page that already asks for the status (the side panel) passes it in; others ask here.
  const owned = props.pageStatus === undefined;
  const given = props.pageStatus?.status;
  const status = given ?? fetched;
  const [download, setDownload] = useState<{ running: boolean; loaded?: number; error?: string }>({ running: false });
  const refresh = useCallback(() => {
    if (!owned) return;
    sendToBackground('getStatus').then(
      (next) => {
        setStatus(next);
        setFetchError(undefined);
      },
      (error: unknown) => setFetchError(errorMessage(error)),
    );
  }, [owned]);
  useEffect(() => {
    if (!owned) return undefined;
    // The status this page was answered dropped: the on-device model moved on meanwhile (status-snapshot.ts).
    const onStorageChanged = (changes: Record<string, { newValue?: unknown }>, area: string) => {
      if (statusSnapshotDropped(changes, area)) refresh();
    };
    refresh();
    window.addEventListener('focus', refresh);
    browser.storage.onChanged.addListener(onStorageChanged);
    return () => {
      window.removeEventListener('focus', refresh);
      browser.storage.onChanged.removeListener(onStorageChanged);
    };
  }, [owned, refresh]);

  const start = async () => {
    const api = languageModelOf(globalThis);
    if (!api) return setDownload({ running: false, error: t('engineNoOnDevice') });
    setDownload({ running: true, loaded: 0 });
    try {
      // Called straight from the click: Chrome starts a download only during a user gesture.
      await downloadOnDeviceModel(api, (loaded) => setDownload({ running: true, loaded }));
      setDownload({ running: false, loaded: 1 });
    } catch (error) {
      // A failed download is a code (on-device-messages.ts): said in the interface language.
      setDownload({ running: false, error: causeWords({ message: errorMessage(error), notice: errorNotice(error) }) });
    }
    refresh();
  };

  const unknown = fetchError ? (
    <p className="result error" role="alert" data-testid="engine-status-error">
      {t('engineStatusUnknown', { error: fetchError })}
    </p>
  ) : null;
  if (!status?.engine) return unknown;
  const { engine } = status;
  const needsDownload =
    status.wantsOnDevice &&
    (status.onDevice?.availability === 'downloadable' || status.onDevice?.availability === 'downloading');
  return (
    <div className="notice engine-status" data-testid="engine-status" data-engine={engine.kind} role="status">
      <p>
        {t('engineRunsOn')} <strong data-testid="engine-label">{engine.label}</strong>
        {' — '}
        {engine.kind === 'on-device'
          ? t('engineOnDeviceNote')
          : engine.kind === 'model'
            ? t(engine.managedServer ? 'engineModelNoteOrganisation' : 'engineModelNoteYou')
            : t('engineEvidenceOnlyNote')}
      </p>
      {engine.kind === 'evidence-only' && !props.hideReasons?.has(engine.reason) ? (
        <p className="hint" data-testid="engine-reason">
          {engine.reason}
        </p>
      ) : null}
      {unknown}
      {needsDownload || download.running || download.loaded !== undefined ? (
        <p className="row">
          {needsDownload && !download.running ? (
            <button type="button" data-testid="on-device-download" onClick={() => void start()}>
              {t('engineDownload')}
            </button>
          ) : null}
          {download.loaded !== undefined ? (
            <>
              <progress data-testid="on-device-progress" max={1} value={download.loaded} />{' '}
              <span data-testid="on-device-progress-text">
                {download.loaded >= 1 && !download.running
                  ? t('engineDownloaded')
                  : t('engineDownloading', { percent: percent(download.loaded) })}
              </span>
            </>
          ) : null}
        </p>
      ) : null}
      {download.error ? (
        <p className="result error" role="alert" data-testid="on-device-error">
          {download.error}
        </p>
      ) : null}
      <p className="hint">
        {switchHint}{' '}
        {onOpenSettings ? (
          <button type="button" className="secondary small" data-testid="engine-open-settings" onClick={onOpenSettings}>
            {t('engineOpenSettings')}
          </button>
        ) : null}
      </p>
    </div>
  );
}
