/** portalDate: the portal's day format in every language, never a locale's (Kyrgyz would be month first without its data). */
import { describe, expect, it } from 'vitest';
import { portalDate } from './dates';

describe('portalDate', () => {
  it('day first: dots in ru and kg, slashes in en; a calendar day is taken as written', () => {
    const d = new Date(2026, 10, 29, 14, 5);
    expect(portalDate(d, 'kg')).toBe('29.11.2026');
    expect(portalDate(d, 'ru')).toBe('29.11.2026');
    expect(portalDate(d, 'en')).toBe('29/11/2026');
    expect(portalDate('2004-03-07', 'kg')).toBe('07.03.2004');
  });
});
