/** The first line of a check: the page it was made in (a link, when there is one) and when it was made. */
import type { CheckRecord } from '../../../lib/db/entities';
import { formatDate } from '../../../lib/view/format';
import { SafeLink } from '../evidence/safe-link';

export function CheckHead({ check }: { check: Pick<CheckRecord, 'pageUrl' | 'pageTitle' | 'site' | 'createdAt'> }) {
  return (
    <header className="check-head">
      {check.pageUrl ? (
        <SafeLink url={check.pageUrl} className="check-page" dir="auto">
          {check.pageTitle || check.site || check.pageUrl}
        </SafeLink>
      ) : null}
      <span className="hint">{formatDate(check.createdAt, true)}</span>
    </header>
  );
}
