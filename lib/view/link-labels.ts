/** Words for the link audit, shared by the side panel, the page marks and the Markdown report. */
import type { LinkAudit, LinkStatus } from '../core/quality/links/types';

export const LINK_STATUS_LABELS: Record<LinkStatus, string> = {
  working: 'Works',
  redirected: 'Redirected',
  dead: 'Dead',
  blocked: 'Blocked',
  'needs-javascript': 'Needs JavaScript',
  'not-text': 'Not a text page',
};

/**
 * How a link stands towards the sentence that cites it, from FinGrAct's three answers. `not-judged` is
 * kept apart from `unrelated`: a link we could not judge is never shown as one that fails.
 */
export type LinkSupport = 'supports' | 'does-not-support' | 'unrelated' | 'unavailable' | 'not-judged';

export function linkSupport(audit: Pick<LinkAudit, 'exists' | 'relevant' | 'supports'>): LinkSupport {
  if (!audit.exists) return 'unavailable';
  if (audit.relevant === null) return 'not-judged';
  if (!audit.relevant) return 'unrelated';
  if (audit.supports === null) return 'not-judged';
  return audit.supports ? 'supports' : 'does-not-support';
}

export const LINK_SUPPORT_LABELS: Record<LinkSupport, string> = {
  supports: 'Supports the sentence',
  'does-not-support': 'On topic, but does not support the sentence',
  unrelated: 'Unrelated to the sentence',
  unavailable: 'Content not available',
  'not-judged': 'Not judged',
};

/** A symbol per support level, so colour is never the only signal. */
export const LINK_SUPPORT_ICONS: Record<LinkSupport, string> = {
  supports: '✓',
  'does-not-support': '~',
  unrelated: '✗',
  unavailable: '✗',
  'not-judged': '?',
};
