import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { Root } from './app/App';
import { createAppStore } from './app/store';
import { initI18n } from './i18n';
import './app/theme.css';

void initI18n();
const store = createAppStore();

const container = document.getElementById('root');
// A transition: the first render runs in small slices, between which the browser stays responsive
// (and loads the texts and the route's chunk), instead of one long task.
if (container) {
  const root = createRoot(container);
  startTransition(() => root.render(<Root store={store} />));
}
