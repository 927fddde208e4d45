import '../../components/styles/base.css';

import { renderPage } from '../../lib/i18n/render-page';
import { OptionsApp } from './app';

void renderPage(document.getElementById('root')!, () => <OptionsApp />);
