import { browser } from 'wxt/browser';

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
        About Factlight {version}
      </h2>
      <p className="hint">
        Nothing is sent to the Factlight project: no account, no analytics, no telemetry. The text you check goes only
        to the model provider you chose, its search queries to the search providers you turned on, and evidence is
        fetched from the pages they find.
      </p>
      <p>
        <a href="/privacy.html" target="_blank" rel="noopener" data-testid="privacy-link">
          Privacy policy
        </a>
      </p>
      <h3>Source reliability ratings</h3>
      <p>
        The “Rated high / mixed / low reliability” labels on sources come from two open lists, shipped with the
        extension and looked up on your device:
      </p>
      <ul>
        <li data-testid="attribution-lin2023">
          News domain quality scores (<code>pc1</code>, 11,520 domains) from Lin, H., Lasser, J., Lewandowsky, S., Cole,
          R., Gully, A., Rand, D. G., &amp; Pennycook, G. (2023). High level of correspondence across different news
          domain quality rating sets. <cite>PNAS Nexus</cite> 2(9), pgad286.{' '}
          <a href="https://doi.org/10.1093/pnasnexus/pgad286" target="_blank" rel="noopener noreferrer">
            doi:10.1093/pnasnexus/pgad286
          </a>
          . Scores of 0.6 and above are shown as high, below 0.4 as low.
        </li>
        <li data-testid="attribution-cred1">
          <a href="https://github.com/aloth/cred-1" target="_blank" rel="noopener noreferrer">
            CRED-1 by Alexander Loth
          </a>
          , licensed under{' '}
          <a href="https://creativecommons.org/licenses/by/4.0/" target="_blank" rel="noopener noreferrer">
            CC BY 4.0
          </a>
          , built from OpenSources.co (CC BY 4.0, Melissa Zimdars et al.) and the Iffy.news index (MIT). Changes:
          reduced to each domain’s category and credibility score. Used for domains the first list does not rate.
        </li>
      </ul>
      <p className="hint">
        A source neither list rates shows no label; that says nothing about its reliability. Platforms of user-written
        pages (YouTube, Blogspot, Medium…) are not rated as a whole.
      </p>
    </section>
  );
}
