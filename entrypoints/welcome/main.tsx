import '../../components/styles/base.css';
import '../../components/styles/sidepanel.css';
import '../../components/styles/welcome.css';

import { WelcomeApp } from '../../components/welcome/welcome-app';
import { t } from '../../lib/i18n/i18n';
import { renderPage } from '../../lib/i18n/render-page';

// The HTML's <title> cannot say __MSG_…__ (only manifest.json and CSS files can:
// developer.chrome.com/docs/extensions/reference/api/i18n), so the page sets it in its interface language,
// again on each change of that language (renderPage renders again).
void renderPage(document.getElementById('root')!, () => {
  document.title = t('welcomePageTitle');
  return <WelcomeApp />;
});
