/**
 * Evidence Factlight words itself from structured data (a Wikidata statement, a fact-check's review), as a code
 * and the raw values. The passage stored beside it stays the English the model reads (stable for prompts and
 * caches, and what older rows and the CLI have); a view words the code in the interface language instead
 * (lib/view/composed-words.ts), the values themselves (labels, a reviewer's rating) as given.
 */

/** A Wikibase time (`+1889-03-31T00:00:00Z`) and its precision (11 day, 10 month, 9 year, 8 decade, 7 century…). */
export interface WikidataTime {
  time: string;
  precision: number;
}

/** A statement's value, read but not yet worded. */
export type WikidataValue =
  /** An item's label, a string, a monolingual text: words from Wikidata, shown as given. */
  | { kind: 'text'; text: string }
  | ({ kind: 'time' } & WikidataTime)
  /** `amount` as Wikibase writes it (a decimal string, without "+"); `unit` is the unit item's label. */
  | { kind: 'quantity'; amount: string; unit?: string }
  | { kind: 'coordinates'; latitude: number; longitude: number };

/** A Wikidata statement: "subject — property: value", dated by its qualifiers (at most one of the forms). */
export interface WikidataStatementParams {
  subject: string;
  property: string;
  value: WikidataValue;
  /** Point in time (P585). */
  asOf?: WikidataTime;
  /** Start time (P580). */
  from?: WikidataTime;
  /** End time (P582). */
  until?: WikidataTime;
}

/** An existing fact-check (schema.org ClaimReview), as Google Fact Check Tools gave it. */
export interface FactCheckReviewParams {
  publisher: string;
  claimText: string;
  textualRating: string;
  claimant?: string;
  /** ISO date or date-time. */
  reviewDate?: string;
}

export type ComposedEvidence =
  | { code: 'wikidata-statement'; params: WikidataStatementParams }
  | { code: 'fact-check-review'; params: FactCheckReviewParams };
