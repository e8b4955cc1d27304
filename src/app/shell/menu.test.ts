import { describe, expect, it } from 'vitest';
import { SPEC_MENU_KEYS } from '../../test/menu';
import { MENU_KEYS, resolveMenu } from './menu';

describe('side menu entries', () => {
  it("holds the specification's twenty entries in its order (an area's own entry may stand anywhere among them)", () => {
    const spec: readonly string[] = SPEC_MENU_KEYS;
    expect(MENU_KEYS.filter((key) => spec.includes(key))).toEqual(SPEC_MENU_KEYS);
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

describe('side menu declarations', () => {
  it('every entry is declared once: by an area of the manifest or among the others, with its icon', async () => {
    const { AREAS } = await import('../areas');
    const { MENU_ICONS } = await import('./menuIcons');
    const { OTHER_MENU_ENTRIES } = await import('./menu');
    const byAreas = (AREAS as readonly import('../areas').AreaEntry[]).flatMap((area) =>
      [area.menu, ...(area.routes ?? []).map((route) => route.menu)].flatMap((menu) => (menu ? [menu.key] : [])),
    );
    const declared = [...byAreas, ...Object.keys(OTHER_MENU_ENTRIES)];
    expect([...declared].sort()).toEqual([...MENU_KEYS].sort());
    for (const key of MENU_KEYS) expect(MENU_ICONS[key], key).toBeTypeOf('function');
  });
});
