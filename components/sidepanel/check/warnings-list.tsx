import { t } from '../../../lib/i18n/i18n';

/**
 * Provider failures and other warnings, folded away: they explain gaps (a search provider refused the
 * key, a page could not be read) without drowning the result. Each names the provider and the reason.
 */
export function WarningsList({ warnings }: { warnings: readonly string[] }) {
  if (warnings.length === 0) return null;
  return (
    <details className="warnings" data-testid="check-warnings">
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
