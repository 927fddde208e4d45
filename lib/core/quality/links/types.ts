/**
 * The link audit's data (FinGrAct's URL content retrieval): the links a checked text cites, what
 * retrieving each one found, and whether it backs the sentence that cites it.
 */
import type { TextSpan } from '../../types';
import type { LinkRationaleReason, LinkReason } from './link-reasons';

/**
 * Where the link came from: written in the checked text, or cited by a chatbot reply (pill, footnote, sources list).
 */
export type CitedLinkOrigin = 'text' | 'reply-citation';

/** A link the checked text relies on. */
export interface CitedLink {
  /** Stable within one check: `l0`, `l1`, … in text order. */
  id: string;
  url: string;
  origin: CitedLinkOrigin;
  /** The sentence that cites it; null when the reply lists it without a position (a sources list). */
  sentenceIndex: number | null;
  /** Where the URL or its citation marker sits in the checked text, when known. */
  span?: TextSpan;
  /** The link's own words (markdown label, pill text). */
  label?: string;
  /**
   * The quote a reply citation points at (its `#:~:text=` directive, already split off the URL as
   * "start" or "start … end"); links written in the text keep the directive in `url` instead.
   */
  quote?: string;
}

/**
 * What retrieval found. `working`: a text page at the address asked for; `redirected`: a text page after
 * redirects to another address; `dead`: 404/410, DNS failure, redirect loop, timeout or an unregistered
 * DOI; `blocked`: the site refused us (401/403/429, bot walls) or the address is a private-network one the
 * user did not allow; `needs-javascript`: a page whose text only a script would produce; `not-text`: a
 * PDF, image or other binary file.
 */
export type LinkStatus = 'working' | 'redirected' | 'dead' | 'blocked' | 'needs-javascript' | 'not-text';

export const LINK_STATUSES: readonly LinkStatus[] = [
  'working',
  'redirected',
  'dead',
  'blocked',
  'needs-javascript',
  'not-text',
];

export interface LinkRetrieval {
  url: string;
  status: LinkStatus;
  /** What happened when the link was followed, in English sentences a reader understands (see `reasons`). */
  detail: string;
  /**
   * The same as codes, one per sentence, worded when shown (lib/view/link-reason-words.ts); absent in checks
   * stored before the codes, which show `detail` as stored.
   */
  reasons?: LinkReason[];
  /** One code, as checks stored by builds that coded only a few reasons have it (read, never written). */
  reason?: LinkReason;
  httpStatus?: number;
  finalUrl?: string;
  /** The addresses redirects led through, in order, the last being `finalUrl` (absent without redirects). */
  redirects?: string[];
  title?: string;
  /** Main text (Readability) of the page, or of its archived snapshot; absent when nothing was read. */
  text?: string;
  /** Set when the link is dead and the Internet Archive had a snapshot, whose text was used instead. */
  archivedUrl?: string;
  /**
   * The quote of a `#:~:text=` fragment and whether it occurs in the page's text (absent when no text
   * could be read). `start`/`end` locate it in `text` when it was found there.
   */
  textFragment?: { quote: string; found: boolean; start?: number; end?: number };
  /** A DOI link resolved through Crossref: registered or not (an unregistered one is likely invented). */
  doi?: { doi: string; registered: boolean; title?: string };
}

/**
 * FinGrAct's three link questions, against the sentence that cites the link. Consistency: relevant
 * requires exists, supports requires relevant. `null` means not judged (no citing sentence, or the
 * judgement call failed), which is never shown as "no".
 */
export interface LinkJudgement {
  exists: boolean;
  relevant: boolean | null;
  supports: boolean | null;
  rationale: string;
  /**
   * The rationale as a code when code wrote it (nothing to judge, a failed call), worded when shown; absent when
   * the model wrote it, and in checks stored before the codes.
   */
  rationaleReason?: LinkRationaleReason;
}

export interface LinkAudit extends LinkRetrieval, LinkJudgement {
  linkId: string;
  /** The citing sentence (from the CitedLink); null or absent when the link has no position. */
  sentenceIndex?: number | null;
  /** The passage of the page the judgement read (best match for the citing sentence). */
  passage?: string;
}
