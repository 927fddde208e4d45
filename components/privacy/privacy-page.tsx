import { type ReactElement, useEffect, useState } from 'react';

import { textDirection, toLanguageTag } from '../../lib/i18n/catalogue';
import { t, uiLocale } from '../../lib/i18n/i18n';
import { ENGLISH_POLICY, loadPolicyText, type PolicyText } from '../../lib/privacy/policy-text';
import { renderMarkdownLite } from '../../lib/view/markdown-lite';

/**
 * The privacy policy in the interface language, English when it has no translation. `lang` and `dir` are
 * the shown text's own (English shown on an Arabic page still reads left to right).
 */
function PrivacyPolicy({ locale }: { locale: string }) {
  // English is at hand at once; a translation arrives a moment later from its own chunk.
  const [policy, setPolicy] = useState<PolicyText | null>(locale === ENGLISH_POLICY.locale ? ENGLISH_POLICY : null);
  useEffect(() => {
    let current = true;
    void loadPolicyText(locale).then((loaded) => {
      if (current) setPolicy(loaded);
    });
    return () => {
      current = false;
    };
  }, [locale]);
  if (!policy) return null;
  return (
    <article
      lang={toLanguageTag(policy.locale)}
      dir={textDirection(policy.locale)}
      data-testid="privacy-policy"
      data-locale={policy.locale}
    >
      {renderMarkdownLite(policy.text)}
    </article>
  );
}

/**
 * The page in the interface language: its <title> from the catalogue (the HTML's cannot say __MSG_…__: only
 * manifest.json and CSS files can, developer.chrome.com/docs/extensions/reference/api/i18n), set again on
 * each change of that language, as renderPage renders again.
 */
export function privacyPage(): ReactElement {
  document.title = t('privacyPageTitle');
  const locale = uiLocale();
  return <PrivacyPolicy key={locale} locale={locale} />;
}
