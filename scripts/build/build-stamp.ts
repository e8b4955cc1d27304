/**
 * Writes the build stamp (scripts/lib/client-build.mjs) into the output directory after a
 * successful `vite build`, so `npm start` after `npm run build` finds dist/ up to date instead of
 * building it again. The hash is taken when the build starts: a source changed during the build
 * leaves a stamp that does not match it, and the next start builds again.
 */
import path from 'node:path';
import type { Plugin } from 'vite';
import { sourceHash, writeStamp } from '../lib/client-build.mjs';

export function buildStamp(): Plugin {
  let root = '';
  let outDir = '';
  let hash = '';
  let failed = false;
  return {
    name: 'lms:build-stamp',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    buildStart() {
      hash = sourceHash(root);
      failed = false;
    },
    buildEnd(error) {
      if (error) failed = true;
    },
    renderError() {
      failed = true;
    },
    // After every other plugin's files (precompress runs 'post' too and comes before this one).
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        if (!failed && hash) writeStamp(hash, outDir);
      },
    },
  };
}
