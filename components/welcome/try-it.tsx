import { useState } from 'react';
import { sendToBackground } from '../../lib/messaging/protocol';
import { WELCOME_SAMPLE_TEXT } from '../../lib/welcome/sample-text';
import { CurrentCheck } from '../sidepanel/current-check';

/** Why "Try it" cannot run yet, or undefined when it can. */
export type TryItBlocker = 'loading' | 'no-model' | undefined;

/**
 * Step 3: checks a short sample with the saved model, through the same `startCheck` command and run
 * manager as any check, and shows the result as the side panel does: read live from the database.
 */
export function TryIt(props: { blocker: TryItBlocker; chosen: boolean; unsavedChanges: boolean; checkId: string | undefined; onStarted: (checkId: string) => void }) {
  const { blocker, chosen, unsavedChanges, checkId, onStarted } = props;
  const [problem, setProblem] = useState<string>();
  const [starting, setStarting] = useState(false);

  const start = async () => {
    setProblem(undefined);
    setStarting(true);
    try {
      const result = await sendToBackground('startCheck', { text: WELCOME_SAMPLE_TEXT, origin: 'typed' });
      if (result.ok) onStarted(result.checkId);
      else setProblem(result.needsSetup ? 'The saved model is not complete yet: finish step 2 and save it.' : result.error);
    } catch (error) {
      setProblem(`Factlight's background did not answer: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setStarting(false);
    }
  };

  const reason =
    blocker === 'no-model'
      ? chosen
        ? 'Fill in step 2 and save it first: “Try it” sends the sample to that model.'
        : 'Choose a way above and save it first: “Try it” sends the sample to that model, and nothing is sent before.'
      : blocker === 'loading'
        ? 'Checking whether a model is saved…'
        : unsavedChanges
          ? 'You have unsaved changes above: “Try it” uses the model as last saved.'
          : undefined;

  return (
    <section className="try-it" aria-labelledby="step-try">
      <h2 id="step-try"><span className="step" aria-hidden="true">3</span> Try it</h2>
      <p>Factlight will check this sample: one of its sentences is a popular myth.</p>
      <blockquote className="sample" data-testid="welcome-sample">{WELCOME_SAMPLE_TEXT}</blockquote>
      <div className="row wrap">
        <button type="button" data-testid="welcome-try" onClick={() => void start()} disabled={blocker !== undefined || starting}
          aria-describedby={reason ? 'try-reason' : undefined}>
          {starting ? 'Starting…' : checkId ? 'Try it again' : 'Try it'}
        </button>
        {reason ? <span id="try-reason" className="hint" data-testid="welcome-try-reason">{reason}</span> : null}
      </div>
      {problem ? <p className="result error" role="alert" data-testid="welcome-try-problem">{problem}</p> : null}
      {checkId ? (
        <div className="try-result" data-testid="welcome-result">
          <CurrentCheck checkId={checkId} onOpenCheck={onStarted} />
        </div>
      ) : null}
    </section>
  );
}
