/**
 * One checkbox per source type found in this check's evidence (Facts&Evidence's source control).
 * Unticking re-scores everything at once: scoring is a pure function of stances and these filters.
 */
import { rateUrl, type RatingsTable } from '../../../lib/core/evidence/sources/domain-ratings';
import { type Evidence, SOURCE_TYPES, type SourceType } from '../../../lib/core/types';
import { t } from '../../../lib/i18n/i18n';
import { SOURCE_TYPE_LABELS } from '../../../lib/view/labels';

export interface SourceFiltersProps {
  evidence: readonly Evidence[];
  excluded: ReadonlySet<SourceType>;
  onChange: (type: SourceType, included: boolean) => void;
  ratings: RatingsTable;
  excludeRatedLow: boolean;
  onExcludeRatedLow: (excluded: boolean) => void;
}

/**
 * Beside them, "Don't count sources rated low" leaves out evidence whose host the shipped ratings rate
 * low; like the type filters it only re-scores, with no model call.
 */
export function SourceFilters({
  evidence,
  excluded,
  onChange,
  ratings,
  excludeRatedLow,
  onExcludeRatedLow,
}: SourceFiltersProps) {
  const counts = new Map<SourceType, number>();
  for (const item of evidence) counts.set(item.source.sourceType, (counts.get(item.source.sourceType) ?? 0) + 1);
  const present = SOURCE_TYPES.filter((type) => counts.has(type));
  if (present.length === 0) return null;
  return (
    <fieldset className="source-filters">
      <legend>{t('sourcesCounted')}</legend>
      {present.map((type) => (
        <label key={type} className="chip">
          <input
            type="checkbox"
            data-testid="source-type-filter"
            data-source-type={type}
            checked={!excluded.has(type)}
            onChange={(event) => onChange(type, event.target.checked)}
          />
          {t('sourceTypeFilter', { type: SOURCE_TYPE_LABELS[type], number: counts.get(type) ?? 0 })}
        </label>
      ))}
      <label className="chip">
        <input
          type="checkbox"
          data-testid="rated-low-filter"
          checked={excludeRatedLow}
          onChange={(event) => onExcludeRatedLow(event.target.checked)}
        />
        {t('ratedLowFilter', {
          number: evidence.filter((item) => rateUrl(ratings, item.source.url)?.band === 'low').length,
        })}
      </label>
    </fieldset>
  );
}
