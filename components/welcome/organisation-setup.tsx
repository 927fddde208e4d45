import { t } from '../../lib/i18n/i18n';

/**
 * Steps 1 and 2 when the organisation's policy set the model up: nothing to choose or connect, only where
 * checks run ("Checks run on Acme's model server"). The options page shows which settings it locks.
 */
export function OrganisationSetup({ server }: { server: string }) {
  return (
    <section aria-labelledby="step-organisation" data-testid="welcome-organisation">
      <h2 id="step-organisation">
        <span className="step" aria-hidden="true">
          1
        </span>{' '}
        {t('welcomeOrgHeading')}
      </h2>
      <p data-testid="welcome-organisation-server">{t('welcomeOrgServer', { server })}</p>
      <p className="hint">{t('welcomeOrgHint')}</p>
    </section>
  );
}
