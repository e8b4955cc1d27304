/**
 * Writes every route of the area manifest (src/app/manifestRoutes.ts) to tests/support/routes.json,
 * which the end-to-end checks load (they do not import src/). Run by their global setup
 * (tests/support/global-setup.ts) before any test file: `tsx scripts/manifest-routes.ts`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MANIFEST_ROUTES } from '../src/app/manifestRoutes';

const target = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../tests/support/routes.json');
const json = `${JSON.stringify({ '//': 'Generated from src/app/areas.ts by scripts/manifest-routes.ts: not edited by hand.', routes: MANIFEST_ROUTES }, null, 2)}\n`;
if (!fs.existsSync(target) || fs.readFileSync(target, 'utf8') !== json) fs.writeFileSync(target, json);
