import { t } from '../../lib/i18n/i18n';
import type { ManagedSummary } from '../../lib/settings/policy';
import { policyWarningText } from '../../lib/settings/policy-warnings';

/**
 * At the top of the options page when an organisation's policy applies: that some settings are locked,
 * and each problem found in the policy (a key of the wrong type or value is skipped, and the person's
 * own setting stays in force for it), so a bad policy is said where people look, never a broken page.
 * Each problem is worded here, in the interface language (lib/settings/policy-warnings.ts).
 */
export function ManagedNotice({ managed }: { managed: ManagedSummary | undefined }) {
  if (!managed || (managed.keys.length === 0 && managed.warnings.length === 0)) return null;
  const name = managed.organisationName;
  const note = t('optionsManagedNote');
  return (
    <div className="notice managed-notice" data-testid="managed-notice">
      {managed.keys.length > 0 ? (
        <p>{name ? t('optionsManagedSomeNamed', { name, note }) : t('optionsManagedSome', { note })}</p>
      ) : null}
      {managed.warnings.length > 0 ? (
        <>
          <p>{name ? t('optionsManagedProblemsNamed', { name }) : t('optionsManagedProblems')}</p>
          <ul className="result error" role="alert" data-testid="managed-warnings">
            {managed.warnings.map((warning, index) => (
              // The list is the policy's, in its order, and only changes as a whole: the index is a stable key.
              <li key={index}>{policyWarningText(warning)}</li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
