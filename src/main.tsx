import { createRoot } from 'react-dom/client';
import { Root } from './app/App';
import { createAppStore } from './app/store';
import { initI18n } from './i18n';
import './app/theme.css';

void initI18n();
const store = createAppStore();

const container = document.getElementById('root');
if (container) createRoot(container).render(<Root store={store} />);
