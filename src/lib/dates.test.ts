import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatTime } from './dates';

// 3 February 2027, 09:07 local time: day and month both below 13, so the order shows.
const MOMENT = new Date(2027, 1, 3, 9, 7);

describe('dates, one format per language', () => {
  it('English is day first, like Russian and Kyrgyz: 03/02/2027, never 02/03/2027', () => {
    expect(formatDate(MOMENT, 'en')).toBe('03/02/2027');
    expect(formatDate(MOMENT, 'ru')).toBe('03.02.2027');
    expect(formatDate(MOMENT, 'kg')).toBe('03.02.2027');
  });

  it("i18next's codes and the browser's tags give the same format (en-US, ky)", () => {
    expect(formatDate(MOMENT, 'en-US')).toBe('03/02/2027');
    expect(formatDate(MOMENT, 'ky')).toBe('03.02.2027');
    expect(formatDate(MOMENT, undefined)).toBe('03.02.2027');
  });

  it('an ISO time and a calendar day read as the same day', () => {
    expect(formatDate(MOMENT.toISOString(), 'en')).toBe('03/02/2027');
    expect(formatDate('2027-02-03', 'en')).toBe('03/02/2027');
    expect(formatDate('2027-02-03', 'kg')).toBe('03.02.2027');
  });

  it('times on the 24-hour clock, after the date', () => {
    expect(formatTime(new Date(2027, 1, 3, 21, 5))).toBe('21:05');
    expect(formatDateTime(MOMENT, 'en')).toBe('03/02/2027 09:07');
    expect(formatDateTime(MOMENT.toISOString(), 'ru')).toBe('03.02.2027 09:07');
  });

  it('a value that is no date gives no text', () => {
    expect(formatDate('not a date', 'en')).toBe('');
    expect(formatDateTime('not a date', 'ru')).toBe('');
  });
});
