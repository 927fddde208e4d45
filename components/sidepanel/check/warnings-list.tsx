import { t } from '../../../lib/i18n/i18n';

/**
 * Provider failures and other warnings, folded away: they explain gaps (a search provider refused the
 * key, a page could not be read) without drowning the result. Each names the provider and the reason.
 * A check's and a rating's alike; `testId` tells them apart (a check's stays `check-warnings`).
 */
export function WarningsList({
  warnings,
  testId = 'check-warnings',
}: {
  warnings: readonly string[];
  testId?: 'check-warnings' | 'rating-warnings';
}) {
  if (warnings.length === 0) return null;
  return (
    <details className="warnings" data-testid={testId}>
      <summary>{t('warningsSummary', { count: warnings.length })}</summary>
      <ul>
        {warnings.map((warning, i) => (
          <li key={i} dir="auto">
            {warning}
          </li>
        ))}
      </ul>
    </details>
  );
}
