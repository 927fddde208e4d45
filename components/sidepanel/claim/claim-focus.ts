/**
 * A request to show one claim of a check ("Open in side panel" from a highlight's card in the page). The
 * panel's app makes it; the Check tab, the current check and its details pass it down. Its own file, so
 * those components need not import each other for a type.
 */
export interface ClaimFocus {
  checkId: string;
  claimId: string;
  /** Makes a repeated request for the same claim count. */
  seq: number;
}
