import { describe, expect, it } from 'vitest';
import i18n from 'i18next';
import { formatDateTime } from '@lib/dates';
import { describeFailure, retryMinutes } from './errors';

describe('describeFailure', () => {
  const t = i18n.t.bind(i18n);

  it('translates by error code, with params', () => {
    expect(
      describeFailure(t, {
        ok: false,
        problem: 'CLIENT_ERROR',
        status: 400,
        error: { code: 'PASSWORD_POLICY', message: 'x', params: { min: 8, reason: 'length' } },
      }),
    ).toBe('Пароль должен быть не короче 8 символов, не должен быть распространённым и совпадать с логином.');
  });

  it('writes the moments of the params (ISO times) as the portal writes times, and leaves other params as they are', () => {
    const opensAt = '2026-12-01T04:00:00.000Z';
    const closesAt = '2026-12-02T12:30:00Z';
    expect(
      describeFailure(t, { ok: false, problem: 'CLIENT_ERROR', status: 409, error: { code: 'TEST_NOT_OPEN', message: 'x', params: { opensAt, closesAt } } }),
    ).toBe(`Тест сейчас закрыт: он открыт с ${formatDateTime(opensAt, 'ru')} по ${formatDateTime(closesAt, 'ru')}.`);
    expect(
      describeFailure(t, {
        ok: false,
        problem: 'CLIENT_ERROR',
        status: 400,
        error: { code: 'TEST_DRAW', message: 'x', params: { category: '2026-12-01', count: 5, available: 3 } },
      }),
    ).toBe('В категории «2026-12-01» вопросов: 3, а правило просит 5.');
  });

  it('falls back to the server message, then to the problem class', () => {
    expect(describeFailure(t, { ok: false, problem: 'CLIENT_ERROR', status: 418, error: { code: 'TEAPOT' as never, message: 'Я чайник' } })).toBe('Я чайник');
    expect(describeFailure(t, { ok: false, problem: 'NETWORK_ERROR', status: null, error: null })).toBe(
      'Нет связи с сервером. Проверьте подключение к Интернету.',
    );
    expect(describeFailure(t, { ok: false, problem: 'TIMEOUT_ERROR', status: null, error: null })).toContain('слишком долго');
  });

  it('429: minutes from params.seconds or Retry-After, at least one', () => {
    expect(retryMinutes({ ok: false, problem: 'CLIENT_ERROR', status: 429, error: { code: 'TOO_MANY_REQUESTS', message: '', params: { seconds: 61 } } })).toBe(
      2,
    );
    expect(retryMinutes({ ok: false, problem: 'CLIENT_ERROR', status: 429, error: null, retryAfter: 5 })).toBe(1);
    expect(describeFailure(t, { ok: false, problem: 'CLIENT_ERROR', status: 429, error: null, retryAfter: 900 })).toBe(
      'Слишком много попыток. Повторите через 15 мин.',
    );
  });
});
