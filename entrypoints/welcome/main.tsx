import '../../components/styles/base.css';
import '../../components/styles/sidepanel.css';
import '../../components/styles/welcome.css';

import { WelcomeApp } from '../../components/welcome/welcome-app';
import { renderPage } from '../../lib/i18n/render-page';

void renderPage(document.getElementById('root')!, () => <WelcomeApp />);
