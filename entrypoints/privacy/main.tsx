import '../../components/styles/base.css';
import '../../components/styles/privacy.css';

import { privacyPage } from '../../components/privacy/privacy-page';
import { renderPage } from '../../lib/i18n/render-page';

/**
 * The privacy policy (PRIVACY.md and its translations, bundled at build time), linked from the options page:
 * readable offline, in the interface language.
 */
void renderPage(document.getElementById('root')!, privacyPage);
