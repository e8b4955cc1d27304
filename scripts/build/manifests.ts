/**
 * The web manifest in the languages other than the default one (src/i18n/manifest.ts): the same
 * manifest as vite-plugin-pwa writes for Russian, with the name, short name, description and
 * language of each, as manifest.<lng>.webmanifest beside it.
 */
import type { Plugin } from 'vite';
import { MANIFEST_TEXTS, manifestFile } from '../../src/i18n/manifest.js';

const TAGS = { kg: 'ky', en: 'en' } as const;

export function languageManifests(base: Record<string, unknown>): Plugin {
  return {
    name: 'language-manifests',
    apply: 'build',
    generateBundle() {
      for (const lng of ['kg', 'en'] as const)
        this.emitFile({ type: 'asset', fileName: manifestFile(lng), source: JSON.stringify({ ...base, ...MANIFEST_TEXTS[lng], lang: TAGS[lng] }) });
    },
  };
}
