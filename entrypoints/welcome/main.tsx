import { createRoot } from 'react-dom/client';
import { WelcomeApp } from '../../components/welcome/welcome-app';
import '../../components/styles/base.css';
import '../../components/styles/sidepanel.css';
import '../../components/styles/welcome.css';

createRoot(document.getElementById('root')!).render(<WelcomeApp />);
