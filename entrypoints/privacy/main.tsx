import '../../components/styles/base.css';

import { createRoot } from 'react-dom/client';

import { renderMarkdownLite } from '../../lib/view/markdown-lite';
import privacyPolicy from '../../PRIVACY.md?raw';

/** The privacy policy (PRIVACY.md, bundled at build time), linked from the options page: readable offline. */
createRoot(document.getElementById('root')!).render(renderMarkdownLite(privacyPolicy));
