/**
 * Vite plugin: the user manual's pictures (src/features/manual/manual.pages.ts) are the screen
 * baselines of the end-to-end tests, tests/screenshots/*.png (tests/screenshots.e2e.ts compares
 * every screen with them, so they show the portal as it is). The build copies them to
 * dist/manual-pictures/, which the portal serves itself (server/src/plugins/spa.ts), and the dev
 * server serves them from the folder at /lms/manual-pictures/.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** Where the pictures are served, under the base path (PICTURES_DIR of manual.pages.ts). */
export const MANUAL_PICTURES_DIR = 'manual-pictures';
const SOURCE = path.join('tests', 'screenshots');
const PICTURE = /^[a-z0-9-]+\.png$/;

const pictures = (root: string): string[] => {
  const dir = path.join(root, SOURCE);
  return fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((name) => PICTURE.test(name))
        .sort()
    : [];
};

export function manualPictures(): Plugin {
  let root = process.cwd();
  let base = '/';
  return {
    name: 'lms:manual-pictures',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    generateBundle() {
      for (const name of pictures(root))
        this.emitFile({ type: 'asset', fileName: `${MANUAL_PICTURES_DIR}/${name}`, source: fs.readFileSync(path.join(root, SOURCE, name)) });
    },
    configureServer(server) {
      const prefix = `${base}${MANUAL_PICTURES_DIR}/`;
      server.middlewares.use((req, res, next) => {
        const url = (req.url ?? '').split('?')[0];
        if (!url.startsWith(prefix)) return next();
        const name = url.slice(prefix.length);
        if (!PICTURE.test(name) || !pictures(root).includes(name)) return next();
        res.setHeader('content-type', 'image/png');
        res.setHeader('cache-control', 'no-cache');
        fs.createReadStream(path.join(root, SOURCE, name)).pipe(res);
      });
    },
  };
}
