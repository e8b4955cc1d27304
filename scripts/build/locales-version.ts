/**
 * The version of the translation files: a hash of public/locales (names and contents). The client
 * asks for `/lms/locales/<lng>/<ns>.json?v=<version>` (src/i18n), and the server caches a reply for
 * a year when `v` is the version of its build (server/src/plugins/spa.ts): a changed text gives a new
 * version, so a returning browser takes the texts from its cache without asking the server again.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

function jsonFiles(dir: string, rel = ''): string[] {
  if (!fs.existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const relPath = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...jsonFiles(path.join(dir, entry.name), relPath));
    else if (entry.name.endsWith('.json')) out.push(relPath);
  }
  return out;
}

/** 12 hex digits of a SHA-256 over the JSON files under `dir` (paths and contents). */
export function localesVersion(dir: string): string {
  const hash = createHash('sha256');
  for (const rel of jsonFiles(dir)) {
    hash.update(rel);
    hash.update('\0');
    hash.update(fs.readFileSync(path.join(dir, rel)));
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 12);
}
