/**
 * Vite plugin: after the build is written, every text file of the output worth compressing (JS,
 * CSS, HTML, JSON, SVG, at least 1 KiB) gets a Brotli (`.br`) and a gzip (`.gz`) twin at maximum
 * quality. The server (server/src/plugins/spa.ts, @fastify/static `preCompressed`) picks the twin
 * the browser accepts, so nothing is compressed per request.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|svg|txt|webmanifest)$/;
const MIN_BYTES = 1024;

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (entry.isFile()) out.push(full);
  }
  return out;
}

/** Writes FILE.br and FILE.gz beside each compressible file of `dir`; returns how many files. */
export function precompressDir(dir: string): number {
  let count = 0;
  for (const file of walk(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const data = fs.readFileSync(file);
    if (data.length < MIN_BYTES) continue;
    const br = zlib.brotliCompressSync(data, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    });
    const gz = zlib.gzipSync(data, { level: zlib.constants.Z_BEST_COMPRESSION });
    // A twin that is not smaller is useless: the server then sends the file as it is.
    if (br.length < data.length) fs.writeFileSync(`${file}.br`, br);
    if (gz.length < data.length) fs.writeFileSync(`${file}.gz`, gz);
    count++;
  }
  return count;
}

export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'lms:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        if (fs.existsSync(outDir)) precompressDir(outDir);
      },
    },
  };
}
