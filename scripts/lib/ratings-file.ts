import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { parseRatingsTable, type RatingsTable } from '../../lib/core/evidence/sources/domain-ratings';

/** The domain ratings the extension ships (public/ratings/domains.tsv), for the Node commands. */
export function readShippedRatings(): RatingsTable {
  return parseRatingsTable(
    readFileSync(fileURLToPath(new URL('../../public/ratings/domains.tsv', import.meta.url)), 'utf8'),
  );
}
