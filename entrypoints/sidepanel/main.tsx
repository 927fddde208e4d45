import { createRoot } from 'react-dom/client';
import { SidePanelApp } from './app';
import '../../components/styles/base.css';

createRoot(document.getElementById('root')!).render(<SidePanelApp />);
