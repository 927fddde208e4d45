import { createRoot } from 'react-dom/client';
import { OptionsApp } from './app';
import '../../components/styles/base.css';

createRoot(document.getElementById('root')!).render(<OptionsApp />);
