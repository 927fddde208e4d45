/** Words for the link audit, shared by the side panel, the page marks and the Markdown report. */
import type { LinkAudit, LinkStatus } from '../core/quality/links/types';
import { messages } from '../i18n/message-record';

export const LINK_STATUS_LABELS = messages<LinkStatus>({
  working: 'linkStatus_working',
  redirected: 'linkStatus_redirected',
  dead: 'linkStatus_dead',
  blocked: 'linkStatus_blocked',
  'needs-javascript': 'linkStatus_needsJavascript',
  'not-text': 'linkStatus_notText',
});

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

export const LINK_SUPPORT_LABELS = messages<LinkSupport>({
  supports: 'linkSupport_supports',
  'does-not-support': 'linkSupport_doesNotSupport',
  unrelated: 'linkSupport_unrelated',
  unavailable: 'linkSupport_unavailable',
  'not-judged': 'linkSupport_notJudged',
});

/** A symbol per support level, so colour is never the only signal. */
export const LINK_SUPPORT_ICONS: Record<LinkSupport, string> = {
  supports: '✓',
  'does-not-support': '~',
  unrelated: '✗',
  unavailable: '✗',
  'not-judged': '?',
};
