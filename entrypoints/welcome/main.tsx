import '../../components/styles/base.css';
import '../../components/styles/sidepanel.css';
import '../../components/styles/welcome.css';

import { createRoot } from 'react-dom/client';

import { WelcomeApp } from '../../components/welcome/welcome-app';

createRoot(document.getElementById('root')!).render(<WelcomeApp />);
