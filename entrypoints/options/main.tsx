import '../../components/styles/base.css';

import { createRoot } from 'react-dom/client';

import { OptionsApp } from './app';

createRoot(document.getElementById('root')!).render(<OptionsApp />);
