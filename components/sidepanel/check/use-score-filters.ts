import { useEffect, useMemo, useState } from 'react';

import type { ScoreFilters } from '../../../lib/core/score/credibility';
import type { SourceType } from '../../../lib/core/types';
import { useRatings } from '../evidence/use-ratings';

interface StoredFilters {
  types: SourceType[];
  evidence: string[];
  /** "Don't count sources rated low" is ticked. */
  ratedLow: boolean;
}

const storageKey = (checkId: string) => `factlight:filters:${checkId}`;

function readStored(checkId: string): StoredFilters {
  try {
    const raw = sessionStorage.getItem(storageKey(checkId));
    const parsed = raw ? (JSON.parse(raw) as Partial<StoredFilters>) : {};
    return {
      types: Array.isArray(parsed.types) ? parsed.types : [],
      evidence: Array.isArray(parsed.evidence) ? parsed.evidence : [],
      ratedLow: parsed.ratedLow === true,
    };
  } catch {
    return { types: [], evidence: [], ratedLow: false };
  }
}

/** The filters for `scoreText` and the setters the checkboxes call. */
export interface ScoreFilterState {
  filters: Required<ScoreFilters>;
  setType: (type: SourceType, included: boolean) => void;
  setEvidence: (evidenceId: string, included: boolean) => void;
  setExcludeRatedLow: (excluded: boolean) => void;
}

/**
 * The user's source filters for one check. Kept in sessionStorage, so switching to History and back
 * keeps them for this panel session; they never reach the background (scoring is local and pure).
 */
export function useScoreFilters(checkId: string): ScoreFilterState {
  const [stored, setStored] = useState(() => readStored(checkId));
  const ratings = useRatings();
  useEffect(() => {
    try {
      sessionStorage.setItem(storageKey(checkId), JSON.stringify(stored));
    } catch {
      // Storage may be unavailable (private mode, quota); filters then last as long as the view.
    }
  }, [checkId, stored]);
  const filters = useMemo(
    () => ({
      excludedSourceTypes: new Set(stored.types),
      excludedEvidenceIds: new Set(stored.evidence),
      excludeRatedLow: stored.ratedLow,
      ratings,
    }),
    [stored, ratings],
  );
  const toggle = <T>(list: T[], value: T, included: boolean) =>
    included ? list.filter((entry) => entry !== value) : [...new Set([...list, value])];
  return {
    filters,
    setType: (type, included) => setStored((current) => ({ ...current, types: toggle(current.types, type, included) })),
    setEvidence: (evidenceId, included) =>
      setStored((current) => ({ ...current, evidence: toggle(current.evidence, evidenceId, included) })),
    setExcludeRatedLow: (excluded) => setStored((current) => ({ ...current, ratedLow: excluded })),
  };
}
