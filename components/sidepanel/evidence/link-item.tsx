import type { DomainRating } from '../../../lib/core/evidence/sources/domain-ratings';
import type { LinkAudit } from '../../../lib/core/quality/links/types';
import { t } from '../../../lib/i18n/i18n';
import { tIsolated } from '../../../lib/i18n/isolated-message';
import {
  LINK_STATUS_LABELS,
  LINK_SUPPORT_ICONS,
  LINK_SUPPORT_LABELS,
  linkSupport,
} from '../../../lib/view/link-labels';
import { linkDetailWords, linkRationaleWords } from '../../../lib/view/link-reason-words';
import { ReliabilityLabel } from './reliability-label';
import { SafeLink } from './safe-link';

/** One cited link: where it leads, whether it works, and whether it backs the sentence that cites it. */
export function LinkItem({
  audit,
  attributionFlagged = false,
  rating,
}: {
  audit: LinkAudit;
  attributionFlagged?: boolean;
  rating?: DomainRating | undefined;
}) {
  const support = linkSupport(audit);
  return (
    <li
      className={`link-item support-${support}`}
      data-testid="link-item"
      data-status={audit.status}
      data-support={support}
    >
      <div className="row wrap">
        <span className={`link-status status-${audit.status}`}>{LINK_STATUS_LABELS[audit.status]}</span>
        <span className="link-support">
          <span aria-hidden="true">{LINK_SUPPORT_ICONS[support]}</span> {LINK_SUPPORT_LABELS[support]}
        </span>
        <ReliabilityLabel rating={rating} />
      </div>
      <SafeLink url={audit.url} className="link-url" dir="auto">
        {audit.title || audit.url}
      </SafeLink>
      {/* The reasons say a redirect (and where it leads) and a DOI's registration: each fact said once, here. */}
      <p className="hint" dir="auto">
        {linkDetailWords(audit)}
      </p>
      {audit.archivedUrl ? (
        <p className="hint">
          {t('linkArchived')} <SafeLink url={audit.archivedUrl}>{t('linkArchiveSnapshot')}</SafeLink>
        </p>
      ) : null}
      {audit.textFragment ? (
        <p className="hint" data-testid="link-quote" data-found={audit.textFragment.found}>
          {tIsolated(
            audit.textFragment.found ? 'linkQuoteFound' : 'linkQuoteMissing',
            { quote: audit.textFragment.quote },
            ['quote'],
          )}
        </p>
      ) : null}
      {audit.rationale ? (
        <p className="link-rationale" dir="auto">
          {linkRationaleWords(audit)}
        </p>
      ) : null}
      {attributionFlagged ? (
        <p className="attribution-flag" data-testid="attribution-flag">
          <span aria-hidden="true">⚠</span> {t('linkAttributionFlag')}
        </p>
      ) : null}
    </li>
  );
}
