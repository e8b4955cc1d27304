import { describe, expect, it } from 'vitest';
import { hyphenate } from './hyphenate';

const shown = (s: string) => s.replace(/\u00AD/g, '-');

describe('hyphenate', () => {
  it('puts soft hyphens between the syllables of long Cyrillic words', () => {
    expect(shown(hyphenate('Видеоконференции'))).toBe('Ви-део-кон-фе-рен-ции');
    expect(shown(hyphenate('Видеоконференциялар'))).toContain('кон-фе-рен');
  });

  it('leaves short words, Latin words and the text itself alone', () => {
    expect(hyphenate('Почта')).toBe('Почта');
    expect(hyphenate('Videoconferencing')).toBe('Videoconferencing');
    expect(hyphenate('Открытая библиотека').replace(/\u00AD/g, '')).toBe('Открытая библиотека');
  });
});
