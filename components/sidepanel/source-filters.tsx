import { SOURCE_TYPES, type Evidence, type SourceType } from '../../lib/core/types';
import { SOURCE_TYPE_LABELS } from '../../lib/view/labels';

/**
 * One checkbox per source type found in this check's evidence (Facts&Evidence's source control).
 * Unticking re-scores everything at once: scoring is a pure function of stances and these filters.
 */
export function SourceFilters({ evidence, excluded, onChange }: { evidence: readonly Evidence[]; excluded: ReadonlySet<SourceType>; onChange: (type: SourceType, included: boolean) => void }) {
  const counts = new Map<SourceType, number>();
  for (const item of evidence) counts.set(item.source.sourceType, (counts.get(item.source.sourceType) ?? 0) + 1);
  const present = SOURCE_TYPES.filter((type) => counts.has(type));
  if (present.length === 0) return null;
  return (
    <fieldset className="source-filters">
      <legend>Sources counted</legend>
      {present.map((type) => (
        <label key={type} className="chip">
          <input
            type="checkbox"
            data-testid="source-type-filter"
            data-source-type={type}
            checked={!excluded.has(type)}
            onChange={(event) => onChange(type, event.target.checked)}
          />
          {SOURCE_TYPE_LABELS[type]} ({counts.get(type)})
        </label>
      ))}
    </fieldset>
  );
}
