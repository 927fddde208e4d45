import { useEffect, useState } from 'react';

import type { RatingsTable } from '../../../lib/core/evidence/sources/domain-ratings';
import { loadRatings } from '../../../lib/reliability/load-ratings';

const EMPTY: RatingsTable = new Map();
let loaded: RatingsTable | undefined;

/**
 * The domain ratings, loaded from the extension's file the first time a view needs them (the side panel
 * only; never the content script). Until they arrive, no source is rated, so nothing is labelled.
 */
export function useRatings(): RatingsTable {
  const [table, setTable] = useState<RatingsTable>(loaded ?? EMPTY);
  useEffect(() => {
    if (loaded) return;
    let live = true;
    void loadRatings().then((result) => {
      if (result.size > 0) loaded = result;
      if (live) setTable(result);
    });
    return () => {
      live = false;
    };
  }, []);
  return table;
}
