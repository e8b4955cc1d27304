/**
 * The header's bell on a signed-in page load: the unread count is asked for once (the session's
 * start asks, the bell showing up does not ask again), and it is asked for when the bell shows up
 * in a store that has no count yet.
 */
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderPortal, signedInHandlers } from '../../../test/portal';
import { http, ok, recordRequests, requestsSettled, server } from '../../../test/server';
import { renderWithStore } from '../../../test/render';
import { Bell } from './Bell';

const COUNT = '/api/notifications/count.json';

describe('Bell', () => {
  it('a signed-in page load asks for the unread count once and shows it', async () => {
    localStorage.setItem('token', 'marker');
    server.use(
      http.get(COUNT, () => ok({ unread: 3 })),
      ...signedInHandlers(),
    );
    const log = recordRequests();
    renderPortal('/lms');
    expect(await screen.findByTestId('bell-count')).toHaveTextContent('3');
    await screen.findByTestId('side-menu');
    await requestsSettled();
    log.stop();
    expect(log.paths().filter((p) => p === COUNT)).toHaveLength(1);
  });

  it('shown in a store with no count yet, it asks for one', async () => {
    server.use(http.get(COUNT, () => ok({ unread: 5 })));
    const log = recordRequests();
    renderWithStore(<Bell />);
    expect(await screen.findByTestId('bell-count')).toHaveTextContent('5');
    log.stop();
    expect(log.paths().filter((p) => p === COUNT)).toHaveLength(1);
  });
});
