import type { Score } from '../../../lib/core/types';
import { percent } from '../../../lib/view/format';
import { BAND_ICONS, BAND_LABELS } from '../../../lib/view/labels';

/** The overall score as "72% · 5 of 6 claims checked", with the band as icon and colour. */
export function OverallScore({ score, finished }: { score: Score; finished: boolean }) {
  const counts = `${score.checked} of ${score.total} claims checked`;
  const text =
    score.total === 0
      ? finished
        ? 'No check-worthy claims'
        : 'Looking for claims…'
      : score.value === null
        ? `No score yet · ${counts}`
        : `${percent(score.value)} · ${counts}`;
  return (
    <p
      className={`overall band-${score.band}`}
      data-testid="overall-score"
      data-band={score.band}
      title={`Overall: ${BAND_LABELS[score.band]}`}
    >
      <span className="band-icon" aria-hidden="true">
        {BAND_ICONS[score.band]}
      </span>{' '}
      {text}
    </p>
  );
}
