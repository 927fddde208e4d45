import { useState } from 'react';

import { errorMessage } from '../../../lib/core/errors';
import { t } from '../../../lib/i18n/i18n';
import { sendToBackground } from '../../../lib/messaging/protocol';
import { activeTabId } from '../active-tab';
import { RatingResult } from './rating-result';

/**
 * "Rate an explanation" (FinGrAct): the user selects an explanation on a page (a fact-check article, a
 * chatbot's debunk) or pastes it, gives or picks the claim it explains, and gets its actionability score:
 * are the claim's errors named, corrections given, and do its links work, fit and support it.
 * The explanation and claim are the user's or a page's words: each box takes its text's own direction.
 */
export function RateView() {
  const [explanation, setExplanation] = useState('');
  const [claim, setClaim] = useState('');
  const [suggestions, setSuggestions] = useState<string[]>([]);
  const [page, setPage] = useState<{ url: string; title: string }>();
  const [message, setMessage] = useState<string>();
  const [pending, setPending] = useState(false);
  const [ratingId, setRatingId] = useState<string>();

  const takePageSelection = async () => {
    setMessage(undefined);
    try {
      const read = await sendToBackground('readPageSelection', { tabId: await activeTabId() });
      if (!read.ok) throw new Error(read.error);
      setExplanation(read.text);
      setSuggestions(read.claims);
      setPage({ url: read.url, title: read.title });
      if (read.claims.length === 1 && !claim) setClaim(read.claims[0]!);
    } catch (error) {
      setMessage(errorMessage(error));
    }
  };

  const rate = async () => {
    setPending(true);
    setMessage(undefined);
    try {
      const result = await sendToBackground('rateExplanation', {
        claim,
        explanation,
        ...(page ? { pageUrl: page.url, pageTitle: page.title } : {}),
      });
      if (result.ok) setRatingId(result.ratingId);
      else setMessage(result.error);
    } catch (error) {
      setMessage(errorMessage(error));
    } finally {
      setPending(false);
    }
  };

  return (
    <section className="rate-view" aria-labelledby="rate-heading">
      <h2 id="rate-heading">{t('tabRate')}</h2>
      <p className="hint">{t('rateIntro')}</p>
      <div className="field">
        <label htmlFor="rate-explanation-text">{t('rateExplanationLabel')}</label>
        <textarea
          id="rate-explanation-text"
          data-testid="rate-explanation-text"
          rows={6}
          dir="auto"
          value={explanation}
          onChange={(e) => setExplanation(e.target.value)}
        />
        <button
          type="button"
          className="secondary small"
          data-testid="rate-use-selection"
          onClick={() => void takePageSelection()}
        >
          {t('rateUseSelection')}
        </button>
      </div>
      <div className="field">
        <label htmlFor="rate-claim">{t('rateClaimLabel')}</label>
        <input
          id="rate-claim"
          data-testid="rate-claim"
          list="rate-claim-suggestions"
          dir="auto"
          value={claim}
          onChange={(e) => setClaim(e.target.value)}
        />
        <datalist id="rate-claim-suggestions">
          {suggestions.map((suggestion) => (
            <option key={suggestion} value={suggestion} />
          ))}
        </datalist>
        {suggestions.length > 0 ? <p className="hint">{t('rateSuggestions', { count: suggestions.length })}</p> : null}
      </div>
      <button
        type="button"
        data-testid="rate-explanation"
        disabled={pending || !explanation.trim() || !claim.trim()}
        onClick={() => void rate()}
      >
        {pending ? t('checkStarting') : t('rateSubmit')}
      </button>
      {message ? (
        <p className="result error" role="alert" data-testid="rate-message">
          {message}
        </p>
      ) : null}
      {ratingId ? <RatingResult ratingId={ratingId} /> : null}
    </section>
  );
}
