import { type ReactNode, useEffect, useRef, useState } from 'react';

import { errorMessage } from '../../lib/core/errors';
import { t } from '../../lib/i18n/i18n';
import { tIsolated } from '../../lib/i18n/isolated-message';
import type { SimpleMessageKey } from '../../lib/i18n/keys';
import { type ExtensionStatus, sendToBackground } from '../../lib/messaging/protocol';
import type { EngineInUse } from '../../lib/settings/engine';
import { WELCOME_SAMPLE_TEXT } from '../../lib/welcome/sample-text';
import { CurrentCheck } from '../sidepanel/check/current-check';

/**
 * What "Try it" will run on, from `getStatus`: its `engine` (the background's own choice, the one
 * `startCheck` makes), or for a background that does not report one, the saved model or nothing known.
 */
function engineOf(status: ExtensionStatus): EngineInUse | undefined {
  if (status.engine) return status.engine;
  return status.modelConfigured ? { kind: 'model', label: t('welcomeTrySavedModel') } : undefined;
}

/**
 * Where the sample goes when "Try it" is pressed, said before the press: pressing it is the choice. Each case
 * is a whole sentence in the catalogue (never spliced), so every language can word it its own way.
 */
function runsOnText(engine: EngineInUse, queriesGoTo: string | undefined): ReactNode {
  switch (engine.kind) {
    case 'model': {
      const model = engine.label;
      if (engine.managedServer)
        return queriesGoTo
          ? tIsolated('welcomeRunsOnModelOrg', { model, destinations: queriesGoTo }, ['model', 'destinations'])
          : tIsolated('welcomeRunsOnModelOrgNoSearch', { model }, ['model']);
      return queriesGoTo
        ? tIsolated('welcomeRunsOnModelYou', { model, destinations: queriesGoTo }, ['model', 'destinations'])
        : tIsolated('welcomeRunsOnModelYouNoSearch', { model }, ['model']);
    }
    case 'on-device':
      return queriesGoTo ? t('welcomeRunsOnDevice', { destinations: queriesGoTo }) : t('welcomeRunsOnDeviceNoSearch');
    case 'evidence-only':
      return queriesGoTo ? t('welcomeRunsOnSources', { destinations: queriesGoTo }) : t('welcomeRunsOnSourcesNoSearch');
  }
}

/** The button's words per engine: first press, then once a sample check has been made. */
const BUTTON_LABELS: Record<EngineInUse['kind'], { first: SimpleMessageKey; again: SimpleMessageKey }> = {
  model: { first: 'welcomeTryButton', again: 'welcomeTryAgain' },
  'on-device': { first: 'welcomeTryButtonDevice', again: 'welcomeTryAgainDevice' },
  'evidence-only': { first: 'welcomeTryButtonSources', again: 'welcomeTryAgainSources' },
};

/**
 * Step 3: checks a short sample through the same `startCheck` command and run manager as any check, on
 * whatever checks run on now (the saved model, Chrome's on-device model, or sources only), says which and
 * what leaves the browser before it is pressed, and shows the result as the side panel does: read live
 * from the database (sources to compare for an evidence-only check, the verdicts otherwise).
 */
export function TryIt(props: {
  status: ExtensionStatus | undefined;
  chosen: boolean;
  unsavedChanges: boolean;
  queriesGoTo: string | undefined;
  checkId: string | undefined;
  onStarted: (checkId: string) => void;
}) {
  const { status, chosen, unsavedChanges, queriesGoTo, checkId, onStarted } = props;
  const [problem, setProblem] = useState<string>();
  const [starting, setStarting] = useState(false);
  // The result appears below the sample, often below the fold: it is brought into view once, when started.
  const [bringIntoView, setBringIntoView] = useState(false);
  const resultRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!bringIntoView || !resultRef.current) return;
    const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    resultRef.current.scrollIntoView({ block: 'start', behavior: still ? 'auto' : 'smooth' });
    setBringIntoView(false);
  }, [bringIntoView, checkId]);
  const engine = status ? engineOf(status) : undefined;

  const start = async () => {
    setProblem(undefined);
    setStarting(true);
    try {
      const result = await sendToBackground('startCheck', { text: WELCOME_SAMPLE_TEXT, origin: 'typed' });
      if (result.ok) {
        onStarted(result.checkId);
        setBringIntoView(true);
      } else setProblem(result.needsSetup ? t('welcomeTryNotReady', { error: result.error }) : result.error);
    } catch (error) {
      setProblem(t('welcomeTryNoAnswer', { error: errorMessage(error) }));
    } finally {
      setStarting(false);
    }
  };

  const reason =
    status === undefined
      ? t('welcomeTryChecking')
      : engine === undefined
        ? t('welcomeTryChooseFirst')
        : engine.kind === 'model'
          ? unsavedChanges
            ? t('welcomeTryUnsaved')
            : undefined
          : chosen && !status.modelConfigured
            ? t('welcomeTryFillStep2')
            : undefined;
  const runsOn = engine ? runsOnText(engine, queriesGoTo) : undefined;
  const describedBy = [runsOn ? 'try-runs-on' : '', reason ? 'try-reason' : ''].filter(Boolean).join(' ');

  return (
    <section className="try-it" id="try-it" aria-labelledby="step-try">
      <h2 id="step-try">
        <span className="step" aria-hidden="true">
          3
        </span>{' '}
        {t('welcomeTryHeading')}
      </h2>
      <p>{t('welcomeTryIntro')}</p>
      <blockquote className="sample" dir="auto" data-testid="welcome-sample">
        {WELCOME_SAMPLE_TEXT}
      </blockquote>
      {runsOn ? (
        <p className="hint" id="try-runs-on" data-testid="welcome-try-runs-on" data-engine={engine?.kind}>
          {runsOn}
        </p>
      ) : null}
      <div className="row wrap">
        <button
          type="button"
          data-testid="welcome-try"
          onClick={() => void start()}
          disabled={engine === undefined || starting}
          aria-describedby={describedBy || undefined}
        >
          {starting ? t('welcomeTryStarting') : t(BUTTON_LABELS[engine?.kind ?? 'model'][checkId ? 'again' : 'first'])}
        </button>
        {reason ? (
          <span id="try-reason" className="hint" data-testid="welcome-try-reason">
            {reason}
          </span>
        ) : null}
      </div>
      {problem ? (
        <p className="result error" role="alert" data-testid="welcome-try-problem">
          {problem}
        </p>
      ) : null}
      {checkId ? (
        <div className="try-result" data-testid="welcome-result" ref={resultRef}>
          {/* The side panel's own switch: an evidence-only check shows its sources to compare. */}
          <CurrentCheck checkId={checkId} onOpenCheck={onStarted} reasonShownAbove />
        </div>
      ) : null}
    </section>
  );
}
