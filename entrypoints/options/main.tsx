import '../../components/styles/base.css';

import { t } from '../../lib/i18n/i18n';
import { renderPage } from '../../lib/i18n/render-page';
import { OptionsApp } from './app';

// The HTML's <title> cannot say __MSG_…__ (only manifest.json and CSS files can:
// developer.chrome.com/docs/extensions/reference/api/i18n), so the page sets it in its interface language,
// again on each change of that language (renderPage renders again).
void renderPage(document.getElementById('root')!, () => {
  document.title = t('optionsPageTitle');
  return <OptionsApp />;
});
