/**
 * The projector screen's two audiences: the room sees the code, the countdown to the next one and
 * the count; the teacher alone sees names and review reasons with distances, which the projector
 * view and full screen leave out.
 */
import { describe, expect, it, onTestFinished } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { QrSession } from '@contract/qr';
import { renderPortal, signedInHandlers } from '../../test/portal';
import { HttpResponse } from 'msw';
import { fail, http, ok, requestsSettled, server } from '../../test/server';
import { projectorSession } from './qr.fixtures';

const session = projectorSession({
  sessionId: 41,
  count: 1,
  marks: [
    { id: 2, idStud: 12, fio: 'Асанова Айгуль', status: 'review', reason: 'distance', distanceM: 140, at: '2026-11-25T03:10:00.000Z' },
    { id: 1, idStud: 11, fio: 'Сыдыкова Айпери', status: 'accepted', reason: null, distanceM: 8, at: '2026-11-25T03:09:00.000Z' },
  ],
});

/** The server's clock is 30 s ahead of this device's; the code's window ends 12 s from the server's now. */
const SKEW_MS = 30_000;
const handlers = () => [
  ...signedInHandlers(),
  http.post('/api/qr/session/open.json', () => ok(session)),
  http.get('/api/qr/time.json', () => ok({ now: new Date(Date.now() + SKEW_MS).toISOString(), rotateMs: 15000, graceMs: 5000 })),
  http.post('/api/qr/session/token.json', () =>
    ok({ token: 'signed-token', code: '482913', expiresAt: new Date(Date.now() + SKEW_MS + 12_000 + 5_000).toISOString() }),
  ),
];

/** Signed in, the projector's handlers, and its codes answered by `reply` with how many were asked so far (counted in `asked`). */
function countedTokens(reply: (asked: number) => ReturnType<typeof ok> | Response) {
  localStorage.setItem('token', 'marker');
  const token = { asked: 0 };
  server.use(...handlers());
  server.use(http.post('/api/qr/session/token.json', () => reply(++token.asked)));
  return token;
}

/** Opens the projector screen of lesson 7 as a signed-in teacher; resolves with the stage once the code is on it. */
async function openProjector() {
  localStorage.setItem('token', 'marker');
  server.use(...handlers());
  renderPortal('/lms/qrlesson?shed=7');
  const stage = await screen.findByTestId('qr-stage');
  await within(stage).findByTestId('qr-code');
  return stage;
}

/** jsdom has no Fullscreen API: a stand-in that behaves as the browser's; returns what is shown full screen and a way to leave it. */
function fullscreenStandIn() {
  let shown: Element | null = null;
  const set = (el: Element | null) => {
    shown = el;
    document.dispatchEvent(new Event('fullscreenchange'));
  };
  Object.defineProperty(document, 'fullscreenEnabled', { configurable: true, get: () => true });
  Object.defineProperty(document, 'fullscreenElement', { configurable: true, get: () => shown });
  Object.defineProperty(document, 'exitFullscreen', { configurable: true, value: async () => set(null) });
  Object.defineProperty(HTMLElement.prototype, 'requestFullscreen', {
    configurable: true,
    value: async function (this: HTMLElement) {
      set(this);
    },
  });
  onTestFinished(() => {
    for (const key of ['fullscreenEnabled', 'fullscreenElement', 'exitFullscreen']) delete (document as unknown as Record<string, unknown>)[key];
    delete (HTMLElement.prototype as unknown as Record<string, unknown>).requestFullscreen;
  });
  return { shown: () => shown, leave: () => set(null) };
}

describe('the projector screen', () => {
  it('shows the code, a countdown by the server clock and the count; the projector view hides names and review reasons', async () => {
    const stage = await openProjector();
    expect(within(stage).getByTestId('qr-code')).toHaveTextContent('482913');
    expect(within(stage).getByTestId('qr-count')).toHaveTextContent('Отметились 1 из 25');
    // About 12 s left by the server's clock (its reply takes a moment to arrive); the device's own would say 42.
    const countdown = (await within(stage).findByTestId('qr-countdown')).textContent!;
    const seconds = Number(countdown.match(/^Новый код через (\d+) секунд/)![1]);
    expect(seconds).toBeGreaterThanOrEqual(5);
    expect(seconds).toBeLessThanOrEqual(20);

    // The teacher's own screen: names, and the review reason with its distance.
    expect(screen.getAllByText('Сыдыкова Айпери').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Асанова Айгуль').length).toBeGreaterThan(0);
    expect(screen.getAllByText(/140 м/).length).toBeGreaterThan(0);

    await userEvent.click(screen.getByRole('checkbox', { name: /Вид для проектора/ }));
    expect(screen.queryAllByText('Сыдыкова Айпери')).toHaveLength(0);
    expect(screen.queryAllByText('Асанова Айгуль')).toHaveLength(0);
    expect(screen.queryAllByText(/140 м/)).toHaveLength(0);
    expect(screen.queryByRole('button', { name: /Засчитать/ })).not.toBeInTheDocument();
    expect(within(stage).getByTestId('qr-code')).toHaveTextContent('482913');
    expect(within(stage).getByTestId('qr-count')).toHaveTextContent('Отметились 1 из 25');

    await userEvent.click(screen.getByRole('checkbox', { name: /Вид для проектора/ }));
    expect(screen.getAllByText('Сыдыкова Айпери').length).toBeGreaterThan(0);
  });

  it("full screen shows the stage alone, without names, and leaving it (Esc too) brings the teacher's view back", async () => {
    const fullscreen = fullscreenStandIn();
    const stage = await openProjector();

    await userEvent.click(screen.getByRole('button', { name: 'Во весь экран' }));
    expect(fullscreen.shown()).toBe(stage);
    expect(screen.queryAllByText('Сыдыкова Айпери')).toHaveLength(0);
    expect(within(stage).getByTestId('qr-count')).toHaveTextContent('Отметились 1 из 25');

    // The browser leaves full screen (Esc).
    act(() => fullscreen.leave());
    expect(screen.getAllByText('Сыдыкова Айпери').length).toBeGreaterThan(0);
  });
  it('tells the teacher that marks are taken from any network when none are listed, and how many came from outside when they are (never on the projected view)', async () => {
    const stage = await openProjector();
    expect(screen.getByTestId('qr-networks')).toHaveTextContent('QR_ALLOWED_NETWORKS');
    expect(within(stage).queryByTestId('qr-networks')).not.toBeInTheDocument();
  });

  it('counts the marks from outside the listed networks', async () => {
    localStorage.setItem('token', 'marker');
    const listed: QrSession = {
      ...session,
      networksListed: true,
      marks: [
        { ...session.marks[0], outside: true },
        { ...session.marks[1], outside: false },
      ],
    };
    server.use(...handlers());
    server.use(http.post('/api/qr/session/open.json', () => ok(listed)));
    renderPortal('/lms/qrlesson?shed=7');
    expect(await screen.findByTestId('qr-networks')).toHaveTextContent('Отметок не из сети университета: 1');
    await userEvent.click(screen.getByRole('checkbox', { name: /Вид для проектора/ }));
    expect(screen.queryByTestId('qr-networks')).not.toBeInTheDocument();
  });

  it('asks again for a code that did not come over a lost network, saying so, and shows it when the server answers', async () => {
    const token = countedTokens((asked) =>
      asked === 1
        ? HttpResponse.error()
        : ok({ token: 'signed-token', code: '482913', expiresAt: new Date(Date.now() + SKEW_MS + 12_000 + 5_000).toISOString() }),
    );
    renderPortal('/lms/qrlesson?shed=7');
    const failed = await screen.findByTestId('qr-token-failed');
    expect(failed).toHaveTextContent('перезагружать страницу не нужно');
    expect(await screen.findByTestId('qr-code')).toHaveTextContent('482913');
    expect(screen.queryByTestId('qr-token-failed')).not.toBeInTheDocument();
    expect(token.asked).toBe(2);
  });

  it('does not ask again when the server refuses the code (attendance no longer open)', async () => {
    const token = countedTokens(() => fail(403, 'FORBIDDEN', 'Forbidden', { reason: 'notOpen' }));
    renderPortal('/lms/qrlesson?shed=7');
    const failed = await screen.findByTestId('qr-token-failed');
    expect(failed).toHaveTextContent('Отметка на этом занятии сейчас не идёт.');
    expect(failed).not.toHaveTextContent('перезагружать страницу не нужно');
    await requestsSettled();
    expect(token.asked).toBe(1);
  });
});
