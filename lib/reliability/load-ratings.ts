import { browser } from 'wxt/browser';

import { parseRatingsTable, type RatingsTable } from '../core/evidence/sources/domain-ratings';

/** The shipped table's path inside the extension (public/ratings/domains.tsv). */
export const RATINGS_PATH = '/ratings/domains.tsv';

let loading: Promise<RatingsTable> | undefined;

/**
 * The domain ratings, read from the extension's own file on first use and kept for the page's life.
 * The side panel, the options page and the background (for the in-page card) load it; the content script
 * never does (it stays tiny).
 * A failed read leaves every host unrated (nothing is shown) and is retried on the next call.
 */
export function loadRatings(): Promise<RatingsTable> {
  loading ??= fetch(browser.runtime.getURL(RATINGS_PATH as '/'))
    .then((response) => {
      if (!response.ok) throw new Error(`ratings: HTTP ${response.status}`);
      return response.text();
    })
    .then(parseRatingsTable)
    .catch((error: unknown) => {
      loading = undefined;
      console.warn('Factlight: domain ratings unavailable', error);
      return new Map() as RatingsTable;
    });
  return loading;
}
