import { t } from '../../../lib/i18n/i18n';
import { splitCitations } from '../../../lib/view/citations';

/**
 * The model's explanation as text, with each [n] a button that jumps to evidence item n. A marker whose
 * source is not among the `listed` evidence is left out, so every citation shown leads somewhere.
 */
export function Explanation({
  text,
  citedEvidenceIds,
  listed,
  onCite,
}: {
  text: string;
  citedEvidenceIds: readonly string[];
  listed: ReadonlySet<string>;
  onCite: (evidenceId: string) => void;
}) {
  if (!text) return null;
  return (
    <p className="explanation" dir="auto" data-testid="claim-explanation">
      {splitCitations(text, citedEvidenceIds, listed).map((part, i) => {
        if ('text' in part) return <span key={i}>{part.text}</span>;
        const evidenceId = part.evidenceId;
        if (!evidenceId) return <span key={i}>[{part.citation}]</span>;
        return (
          <button
            key={i}
            type="button"
            className="citation"
            data-testid="citation"
            aria-label={t('goToEvidence', { number: part.citation })}
            onClick={() => onCite(evidenceId)}
          >
            [{part.citation}]
          </button>
        );
      })}
    </p>
  );
}
