import { browser } from 'wxt/browser';

import { formatNumber, t } from '../../lib/i18n/i18n';

const LIN_DOI = '10.1093/pnasnexus/pgad286';
/** How many domains the first list rates (public/ratings/domains.tsv, from Lin et al.). */
const LIN_DOMAINS = 11_520;

/**
 * What Factlight is, which version, where its privacy policy is (bundled as privacy.html), and the
 * attribution of what it ships that others made. The reliability labels come from two lists
 * (public/ratings/domains.tsv): CRED-1 is CC BY 4.0, which requires credit, a link to the licence and a
 * note of changes; Lin et al. ask that the paper be cited.
 */
export function AboutSection() {
  const version = browser.runtime.getManifest().version;
  return (
    <section className="about" aria-labelledby="about-heading" data-testid="about-section">
      <h2 id="about-heading" className="brand">
        <img src="/icon/32.png" width={24} height={24} alt="" />
        {t('optionsAboutHeading', { version })}
      </h2>
      <p className="hint">{t('optionsAboutNothingSent')}</p>
      <p>
        <a href="/privacy.html" target="_blank" rel="noopener" data-testid="privacy-link">
          {t('optionsAboutPrivacyPolicy')}
        </a>
      </p>
      <h3>{t('optionsAboutRatingsHeading')}</h3>
      <p>{t('optionsAboutRatingsIntro')}</p>
      <ul>
        <li data-testid="attribution-lin2023">
          {t('optionsAboutLinSource', { domains: LIN_DOMAINS })}{' '}
          <a href={`https://doi.org/${LIN_DOI}`} target="_blank" rel="noopener noreferrer">
            {`doi:${LIN_DOI}`}
          </a>{' '}
          {t('optionsAboutLinThresholds', { high: formatNumber(0.6), low: formatNumber(0.4) })}
        </li>
        <li data-testid="attribution-cred1">
          <a href="https://github.com/aloth/cred-1" target="_blank" rel="noopener noreferrer">
            {t('optionsAboutCredTitle')}
          </a>{' '}
          (
          <a href="https://creativecommons.org/licenses/by/4.0/" target="_blank" rel="noopener noreferrer">
            {t('optionsAboutCredLicence')}
          </a>
          ). {t('optionsAboutCredOrigin')}
        </li>
      </ul>
      <p className="hint">{t('optionsAboutUnrated')}</p>
    </section>
  );
}
