import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { Root } from './app/App';
import { preloadPortalPage } from './app/routes';
import { createAppStore } from './app/store';
import { initI18n } from './i18n';
import { hasSignedInPageData } from '@shared/session/pageData';
import { registerWhenSettled } from './sw/register';
import './app/theme.css';
import './app/forms.css';
import './app/components.css';

const texts = initI18n();
const store = createAppStore();

const container = document.getElementById('root');
// Without the page's data, a transition: the first render runs in small slices, between which the
// browser stays responsive (and loads the texts and the route's chunk), instead of one long task.
// With it (`loaded`), everything the screen needs is there: one render, without the slices' twenty
// or so tasks, each of which waits its turn behind the browser's own on a busy machine
// (docs/architecture.md#early-replies).
const render = (loaded = false) => {
  if (!container) return;
  const root = createRoot(container);
  if (loaded) root.render(<Root store={store} />);
  else startTransition(() => root.render(<Root store={store} />));
};
// A signed-in page that arrived with its data (shared/session/pageData.ts) first loads its code and
// texts, which the server preloads with the page (server/src/plugins/spa.ts), while the splash stays:
// rendered in one go, its screen shows without spinners in between (each of which React keeps on
// screen for a while). Its code loads while the texts are set up, its screen's texts after them. Any
// other page (the sign-in page with its card's data too) renders at once.
if (hasSignedInPageData()) {
  const pathname = window.location.pathname.replace(/^\/lms(?=\/|$)/, '') || '/';
  void Promise.all([texts, preloadPortalPage(pathname, texts)]).then(
    () => render(true),
    () => render(),
  );
} else render();

// The installable app's service worker, once the first screen is up and the browser is idle (it then
// fetches the shell to keep, which would otherwise compete with the first screen on a slow phone).
void registerWhenSettled(container).catch(() => undefined);
