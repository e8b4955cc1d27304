/** Renders UI with the real store (all sagas running) and a memory router under /lms. */
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { loadAreas } from '../app/loadAreas';
import { createAppStore, type AppStore, type RootState } from '../app/store';
import { trackSagaTask } from './stores';

// The signed-in areas of the manifest (news, chat...) join every store, as they do once the shell has loaded.
await loadAreas();

export function makeStore(preloaded?: Partial<RootState>): AppStore {
  const store = createAppStore(preloaded);
  trackSagaTask(store.sagaTask);
  return store;
}

export function renderWithStore(ui: ReactElement, { route = '/lms', store = makeStore() }: { route?: string; store?: AppStore } = {}) {
  const result = render(
    <Provider store={store}>
      <MemoryRouter basename="/lms" initialEntries={[route]}>
        {ui}
      </MemoryRouter>
    </Provider>,
  );
  return { ...result, store };
}
