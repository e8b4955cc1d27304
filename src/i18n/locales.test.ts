/** Every key of every namespace exists in kg, ru and en; Kyrgyz is not a copy of Russian. */
import { describe, expect, it } from 'vitest';
import { NAMESPACES, resources } from '../test/i18n';
import { LANGUAGES } from './languages';

type Tree = Record<string, unknown>;

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object') Object.assign(out, flatten(value as Tree, path));
    else out[path] = String(value);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

/** Words that are the same in both languages (loanwords, names). */
const SAME_IN_KG_AND_RU = new Set<string>();

describe('translations', () => {
  it('has every namespace for every language', () => {
    for (const lng of LANGUAGES) {
      for (const ns of NAMESPACES) expect(resources[lng]?.[ns], `${lng}/${ns}.json`).toBeTypeOf('object');
    }
  });

  for (const ns of NAMESPACES) {
    it(`${ns}: the same keys in kg, ru and en, none empty, same placeholders`, () => {
      const flat = Object.fromEntries(LANGUAGES.map((lng) => [lng, flatten(resources[lng][ns])]));
      const keys = Object.keys(flat.ru).sort();
      expect(keys.length).toBeGreaterThan(0);
      for (const lng of LANGUAGES) {
        expect(Object.keys(flat[lng]).sort(), `${lng}/${ns}`).toEqual(keys);
        for (const key of keys) {
          expect(flat[lng][key].trim(), `${lng}/${ns}:${key}`).not.toBe('');
          expect(placeholders(flat[lng][key]), `${lng}/${ns}:${key}`).toEqual(placeholders(flat.ru[key]));
        }
      }
    });

    it(`${ns}: Kyrgyz texts longer than a few characters are not Russian copies`, () => {
      const kg = flatten(resources.kg[ns]);
      const ru = flatten(resources.ru[ns]);
      const copies = Object.keys(ru).filter((key) => {
        const text = ru[key].replace(/\{\{\s*\w+\s*\}\}/g, '').trim();
        return text.length > 7 && kg[key] === ru[key] && !SAME_IN_KG_AND_RU.has(ru[key]);
      });
      expect(copies).toEqual([]);
    });
  }

  it('keeps the texts the specification quotes', () => {
    const ru = Object.fromEntries(NAMESPACES.map((ns) => [ns, flatten(resources.ru[ns])]));
    const en = Object.fromEntries(NAMESPACES.map((ns) => [ns, flatten(resources.en[ns])]));
    expect(ru.cm['errors.BAD_CREDENTIALS']).toBe('Неверное имя пользователя или пароль');
    expect(ru.auth['login.enterCredentials']).toBe('Введите имя пользователя и пароль');
    expect(ru.cm['offline.banner']).toBe('Нет сети !!!');
    expect(ru.cm['errors.crash']).toBe('Ошибка, обновите страницу!');
    expect(en.cm['offline.text']).toBe('You are offline. Please connect to the Internet');
    expect(en.password['change.oldRequired']).toBe('Enter old password');
    expect(en.password['change.success']).toBe('Password changed successfully');
    expect(en.password['change.failure']).toBe('Password change failed');
    expect(en.password['login.mismatch']).toBe("Passwords don't match");
    expect(en.password['change.mismatch']).toBe('New password and confirm password do not match');
    for (const tab of ['news', 'messages', 'apps', 'profile']) expect(en.cm[`tabs.${tab}`]).toBeTruthy();
  });
});
