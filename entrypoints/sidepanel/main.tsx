import '../../components/styles/base.css';
import '../../components/styles/sidepanel.css';

import { renderPage } from '../../lib/i18n/render-page';
import { SidePanelApp } from './app';

void renderPage(document.getElementById('root')!, () => <SidePanelApp />);
