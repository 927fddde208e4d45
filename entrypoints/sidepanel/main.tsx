import { createRoot } from 'react-dom/client';
import { SidePanelApp } from './app';
import '../../components/styles/base.css';
import '../../components/styles/sidepanel.css';

createRoot(document.getElementById('root')!).render(<SidePanelApp />);
