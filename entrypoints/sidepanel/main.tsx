import '../../components/styles/base.css';
import '../../components/styles/sidepanel.css';

import { createRoot } from 'react-dom/client';

import { SidePanelApp } from './app';

createRoot(document.getElementById('root')!).render(<SidePanelApp />);
