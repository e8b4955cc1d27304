import { describe, expect, it } from 'vitest';
import { MENU_KEYS, resolveMenu } from './menu';

describe('side menu entries', () => {
  it('lists the 20 entries of the specification', () => {
    expect(MENU_KEYS).toHaveLength(21);
  });

  it('an in-app route wins, a settings link opens outside, an entry with neither is dropped', () => {
    const entries = resolveMenu({ journal: '/journal' }, [
      { key: 'journal', url: 'https://old.example/journal' },
      { key: 'schedule', url: 'https://schedule.example' },
      { key: 'unknownKey', url: 'https://x.example' },
      { key: 'rooms', url: 'javascript:alert(1)' },
    ]);
    expect(entries).toEqual([
      { key: 'schedule', kind: 'link', href: 'https://schedule.example' },
      { key: 'journal', kind: 'route', to: '/journal' },
    ]);
  });

  it('an entry hidden for the role shows neither its route nor the settings link', () => {
    const entries = resolveMenu({ journal: '/journal' }, [{ key: 'studentQr', url: 'https://qr.example' }], new Set(['studentQr'] as const));
    expect(entries).toEqual([{ key: 'journal', kind: 'route', to: '/journal' }]);
  });
});
