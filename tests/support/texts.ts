/**
 * The texts a user sees, read from the client's translation files (public/locales/<lng>/<ns>.json),
 * so that tests find buttons and messages by their visible wording: `text('ru', 'auth:login.submit')`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './server';

type Tree = { [key: string]: string | Tree };
const cache = new Map<string, Tree>();

function namespace(lng: string, ns: string): Tree {
  const file = path.join(ROOT, 'public/locales', lng, `${ns}.json`);
  let tree = cache.get(file);
  if (!tree) {
    tree = JSON.parse(fs.readFileSync(file, 'utf8')) as Tree;
    cache.set(file, tree);
  }
  return tree;
}

/** 'ns:a.b.c' (namespace cm when omitted), with {{name}} placeholders filled from params. */
export function text(lng: 'ru' | 'en' | 'kg', key: string, params: Record<string, string | number> = {}): string {
  const [ns, dotted] = key.includes(':') ? key.split(':', 2) : ['cm', key];
  let node: string | Tree | undefined = namespace(lng, ns);
  for (const part of dotted.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`No text '${key}' in public/locales/${lng}/${ns}.json`);
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(params[name] ?? `{{${name}}}`));
}

/** Russian, the default language. */
export const ru = (key: string, params?: Record<string, string | number>) => text('ru', key, params);
