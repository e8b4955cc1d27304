import { describe, expect, it } from 'vitest';
import { distanceText } from './distance';

describe('distanceText', () => {
  it('writes metres below a kilometre', () => {
    expect(distanceText(140, 'en')).toBe('140 m');
    expect(distanceText(999, 'ru')).toBe('999 м');
  });

  it('writes kilometres with one decimal from 1,000 m, in the reader’s language', () => {
    expect(distanceText(1000, 'en')).toBe('1.0 km');
    expect(distanceText(4_123_456, 'en')).toBe('4,123.5 km');
    expect(distanceText(4_123_456, 'ru').replace(/\s/g, ' ')).toBe('4 123,5 км');
    expect(distanceText(4_123_456, 'kg').replace(/\s/g, ' ')).toBe('4 123,5 км');
  });
});
