import type { Headline } from '../../../lib/core/score/headline';
import { t } from '../../../lib/i18n/i18n';
import { headlineIcon } from '../../../lib/view/check-headline';
import { headlineWords } from '../../../lib/view/headline-words';

/**
 * The check's headline (lib/core/score/headline.ts): the counts by verdict, what is wrong first, coloured
 * and iconed by the worst verdict; then, smaller, how many claims were checked and the average support
 * with what it averages; and, when the reader left sources out, that they did and what every source says.
 */
export function OverallScore({ headline }: { headline: Headline }) {
  const words = headlineWords(headline);
  const figures = [words.progress, words.average].filter(Boolean).join(' · ');
  return (
    <div
      className={`overall band-${headline.band}`}
      data-testid="overall-score"
      data-band={headline.band}
      data-state={headline.state}
      title={t('overallTitle', { word: words.word })}
    >
      <p className="headline" data-testid="headline">
        <span className="band-icon" aria-hidden="true">
          {headlineIcon(headline)}
        </span>{' '}
        {words.text}
      </p>
      {words.leftOut ? (
        <p className="hint" data-testid="headline-left-out">
          {words.leftOut}
        </p>
      ) : null}
      {figures ? (
        <p className="hint headline-figures" data-testid="headline-figures">
          {figures}
        </p>
      ) : null}
    </div>
  );
}
