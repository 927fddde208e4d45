import { type FormEvent, useState } from 'react';

import { errorMessage } from '../../../lib/core/errors';
import { type CheckEstimate, estimateCheck } from '../../../lib/core/model/estimate';
import { formatNumber, t } from '../../../lib/i18n/i18n';
import { reasoningForEstimate } from '../../../lib/llm/request-profile';
import { sendToBackground } from '../../../lib/messaging/protocol';
import { profileFor } from '../../../lib/settings/options-form';
import { SetupNotice } from './setup-notice';

/** Above this many sentences the cost is shown before the check starts. */
const CONFIRM_ABOVE_SENTENCES = 20;

type Problem = { kind: 'empty' | 'error'; message: string } | { kind: 'setup' };

/** Type or paste text and start a check; long texts show their estimated cost first. */
export function TextToCheck({ onStarted }: { onStarted: (checkId: string) => void }) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<Problem>();
  const [estimate, setEstimate] = useState<CheckEstimate>();
  const [pending, setPending] = useState(false);

  const start = async () => {
    setPending(true);
    setEstimate(undefined);
    try {
      const result = await sendToBackground('startCheck', { text, origin: 'typed' });
      if (result.ok) {
        setText('');
        onStarted(result.checkId);
      } else {
        setProblem(result.needsSetup ? { kind: 'setup' } : { kind: 'error', message: result.error });
      }
    } catch (error) {
      setProblem({ kind: 'error', message: t('checkBackgroundSilent', { error: errorMessage(error) }) });
    } finally {
      setPending(false);
    }
  };

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    setProblem(undefined);
    if (!text.trim()) {
      setProblem({ kind: 'empty', message: t('checkEmpty') });
      return;
    }
    const cost = estimateCheck(text);
    if (cost.sentences <= CONFIRM_ABOVE_SENTENCES) {
      void start();
      return;
    }
    setEstimate(cost);
    // Reasoning models (gpt-5, o-series, gpt-oss) also spend hidden tokens, and Thorough mode judges each
    // evidence page in a call of its own and debates wrong claims: once the settings say which models and mode
    // are configured, the estimate counts them. Without an answer the plain estimate stays, which is still a
    // true lower bound; the person can check anyway, so the console is where the failure goes.
    sendToBackground('getSettings', undefined)
      .then((settings) => {
        const reasoning = reasoningForEstimate(profileFor(settings, settings.model.preset));
        const thorough = settings.checking.mode === 'thorough';
        if (!reasoning.fast && !reasoning.strong && !thorough) return;
        const withReasoning = estimateCheck(text, {
          reasoning,
          ...(thorough ? { thorough: { pagesPerClaim: settings.evidence.resultsPerClaim } } : {}),
        });
        setEstimate((shown) => (shown && shown.sentences === withReasoning.sentences ? withReasoning : shown));
      })
      .catch((error: unknown) =>
        console.warn('[factlight] estimate without reasoning tokens: settings not read', error),
      );
  };

  return (
    <form className="text-to-check" onSubmit={submit} aria-label={t('checkFormLabel')}>
      <label htmlFor="check-input" className="label">
        {t('checkInputLabel')}
      </label>
      <textarea
        id="check-input"
        data-testid="check-input"
        dir="auto"
        rows={5}
        value={text}
        placeholder={t('checkInputPlaceholder')}
        aria-invalid={problem?.kind === 'empty'}
        aria-describedby={problem ? 'check-problem' : undefined}
        onChange={(event) => {
          setText(event.target.value);
          setEstimate(undefined);
          if (problem?.kind === 'empty') setProblem(undefined);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) submit();
        }}
      />
      {estimate ? (
        <div className="notice" data-testid="check-estimate" role="status">
          <p>
            {estimate.reasoningTokens
              ? t('checkEstimateReasoning', {
                  count: estimate.sentences,
                  calls: formatNumber(estimate.modelCalls),
                  tokens: formatNumber(estimate.tokens),
                  reasoning: formatNumber(estimate.reasoningTokens),
                })
              : t('checkEstimate', {
                  count: estimate.sentences,
                  calls: formatNumber(estimate.modelCalls),
                  tokens: formatNumber(estimate.tokens),
                })}
          </p>
          <div className="row">
            <button type="button" data-testid="check-confirm" onClick={() => void start()}>
              {t('checkAnyway')}
            </button>
            <button
              type="button"
              className="secondary"
              data-testid="check-estimate-cancel"
              onClick={() => setEstimate(undefined)}
            >
              {t('checkNotNow')}
            </button>
          </div>
        </div>
      ) : null}
      {problem?.kind === 'setup' ? (
        <SetupNotice testId="check-needs-setup" message={t('checkNeedsModel')} buttonTestId="check-open-options" />
      ) : problem ? (
        <p id="check-problem" className="result error" data-testid="check-message" role="alert">
          {problem.message}
        </p>
      ) : null}
      <div className="row">
        <button type="submit" data-testid="check-submit" disabled={pending || Boolean(estimate)}>
          {pending ? t('checkStarting') : t('checkSubmit')}
        </button>
        <span className="hint">{t('checkShortcut')}</span>
      </div>
    </form>
  );
}
