/** Revoking the issued transcripts: asked first, sent once, said when done, and the transcript issued anew. */
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { initTestI18n } from '../../test/i18n';
import { renderWithStore } from '../../test/render';
import { fail, http, ok, recordRequests, server } from '../../test/server';
import { RevokeIssued } from './RevokeIssued';

describe('revoking issued transcripts', () => {
  it('Keep sends nothing; Revoke sends the call, says so and reloads the transcript', async () => {
    await initTestI18n('ru');
    const log = recordRequests();
    server.use(
      http.post('/api/misc/transcript/revoke.json', () => ok({ revoked: true })),
      http.post('/api/misc/transcript.json', () => fail(503, 'SERVICE_UNAVAILABLE')),
    );
    renderWithStore(<RevokeIssued />, { route: '/lms/transcript' });
    await userEvent.click(screen.getByRole('button', { name: 'Отозвать выданные транскрипты' }));
    await userEvent.click(screen.getByRole('button', { name: 'Не отзывать' }));
    expect(log.paths()).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Отозвать выданные транскрипты' }));
    await userEvent.click(screen.getByRole('button', { name: 'Отозвать' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Выданные транскрипты отозваны');
    // The transcript on the screen is issued anew (its QR code of the new generation).
    await waitFor(() => expect(log.paths()).toEqual(['/api/misc/transcript/revoke.json', '/api/misc/transcript.json']));
    log.stop();
  });

  it('a refusal is said, in words', async () => {
    await initTestI18n('ru');
    server.use(http.post('/api/misc/transcript/revoke.json', () => fail(403, 'FORBIDDEN')));
    renderWithStore(<RevokeIssued />, { route: '/lms/transcript' });
    await userEvent.click(screen.getByRole('button', { name: 'Отозвать выданные транскрипты' }));
    await userEvent.click(screen.getByRole('button', { name: 'Отозвать' }));
    expect(await screen.findByRole('alert')).not.toHaveTextContent(/^$/);
  });
});
