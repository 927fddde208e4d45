import { createRoot } from 'react-dom/client';
import privacyPolicy from '../../PRIVACY.md?raw';
import { renderMarkdownLite } from '../../lib/view/markdown-lite';
import '../../components/styles/base.css';

/** The privacy policy (PRIVACY.md, bundled at build time), linked from the options page: readable offline. */
createRoot(document.getElementById('root')!).render(renderMarkdownLite(privacyPolicy));
