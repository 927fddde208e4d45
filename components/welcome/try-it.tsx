import { useEffect, useRef, useState } from 'react';

import { errorMessage } from '../../lib/core/errors';
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
  return status.modelConfigured ? { kind: 'model', label: 'the model you saved' } : undefined;
}

/** Where the sample goes when "Try it" is pressed, said before the press: pressing it is the choice. */
function runsOnText(engine: EngineInUse, queriesGoTo: string | undefined): string {
  const queries = queriesGoTo
    ? `search queries from it go to ${queriesGoTo}`
    : 'no search source is enabled in Settings, so no evidence will be found';
  switch (engine.kind) {
    case 'model':
      return `“Try it” sends the sample to ${engine.label}, the model you set up, and ${queries}.`;
    case 'on-device':
      return `“Try it” runs on Chrome’s on-device model: the sample stays on this device, and ${queries}.`;
    case 'evidence-only':
      return queriesGoTo
        ? `“Try it” finds sources to compare; add a model for verdicts. Pressing it sends search queries from the sample to ${queriesGoTo}.`
        : '“Try it” finds sources to compare, but no search source is enabled in Settings; add a model for verdicts.';
  }
}

const BUTTON_LABELS: Record<EngineInUse['kind'], string> = {
  model: 'Try it',
  'on-device': 'Try it on this device',
  'evidence-only': 'Try it: find sources',
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
      } else setProblem(result.needsSetup ? `The saved model is not ready: ${result.error}` : result.error);
    } catch (error) {
      setProblem(`Factlight's background did not answer: ${errorMessage(error)}`);
    } finally {
      setStarting(false);
    }
  };

  const reason =
    status === undefined
      ? 'Checking what checks run on…'
      : engine === undefined
        ? 'Choose a way above and save it first: “Try it” sends the sample to that model, and nothing is sent before.'
        : engine.kind === 'model'
          ? unsavedChanges
            ? 'You have unsaved changes above: “Try it” uses the model as last saved.'
            : undefined
          : chosen && !status.modelConfigured
            ? 'For verdicts from the way you chose, fill in step 2 and save it; until then “Try it” runs as said here.'
            : undefined;
  const runsOn = engine ? runsOnText(engine, queriesGoTo) : undefined;
  const describedBy = [runsOn ? 'try-runs-on' : '', reason ? 'try-reason' : ''].filter(Boolean).join(' ');

  return (
    <section className="try-it" id="try-it" aria-labelledby="step-try">
      <h2 id="step-try">
        <span className="step" aria-hidden="true">
          3
        </span>{' '}
        Try it
      </h2>
      <p>Factlight will check this sample: one of its sentences is a popular myth.</p>
      <blockquote className="sample" data-testid="welcome-sample">
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
          {starting ? 'Starting…' : `${engine ? BUTTON_LABELS[engine.kind] : 'Try it'}${checkId ? ' again' : ''}`}
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
