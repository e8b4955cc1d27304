import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatTime, wallClock } from './dates';

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

describe("the university's wall clock", () => {
  // Tuesday 1 December 2026, 02:10 UTC.
  const instant = new Date('2026-12-01T02:10:00Z');

  it("reads a moment in the university's zone, wherever the device is", () => {
    expect(wallClock(instant, 'Asia/Bishkek')).toEqual({ date: '2026-12-01', clock: '08:10', day: 2 });
    expect(wallClock(instant, 'America/New_York')).toEqual({ date: '2026-11-30', clock: '21:10', day: 1 });
    expect(wallClock(new Date('2026-11-29T19:30:00Z'), 'Asia/Bishkek')).toEqual({ date: '2026-11-30', clock: '01:30', day: 1 });
  });

  it("takes this device's clock without a zone or with one the browser does not know", () => {
    const device = {
      date: `${instant.getFullYear()}-${String(instant.getMonth() + 1).padStart(2, '0')}-${String(instant.getDate()).padStart(2, '0')}`,
      clock: `${String(instant.getHours()).padStart(2, '0')}:${String(instant.getMinutes()).padStart(2, '0')}`,
      day: ((instant.getDay() + 6) % 7) + 1,
    };
    expect(wallClock(instant, null)).toEqual(device);
    expect(wallClock(instant, 'Mars/Olympus_Mons')).toEqual(device);
  });
});
