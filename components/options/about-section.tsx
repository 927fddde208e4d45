import { browser } from 'wxt/browser';

/** What Factlight is, which version, and where its privacy policy is (bundled as privacy.html). */
export function AboutSection() {
  const version = browser.runtime.getManifest().version;
  return (
    <section className="about" aria-labelledby="about-heading">
      <h2 id="about-heading" className="brand">
        <img src="/icon/32.png" width={24} height={24} alt="" />
        About Factlight {version}
      </h2>
      <p className="hint">
        Nothing is sent to the Factlight project: no account, no analytics, no telemetry. The text you check goes only to the
        model provider you chose, its search queries to the search providers you turned on, and evidence is fetched from the
        pages they find.
      </p>
      <p>
        <a href="/privacy.html" target="_blank" rel="noopener" data-testid="privacy-link">Privacy policy</a>
      </p>
    </section>
  );
}
