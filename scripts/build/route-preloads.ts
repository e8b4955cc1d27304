/**
 * Vite plugin: writes `.vite/route-preloads.json` into the build, listing per client route what
 * the route's first view needs besides what index.html already loads: its lazy chunk with the
 * chunks it imports (module preloads), their CSS, and its translation namespaces. The server
 * (server/src/plugins/spa.ts) sends these as `Link` preload headers with the page, so they
 * download while the entry script does instead of after it. The file sits in a dot directory,
 * which the server does not serve. It also carries the version of the translation files
 * (scripts/build/locales-version.ts), which the server needs for the texts' URLs and caching.
 *
 *   routePreloads({ localesVersion, namespaces: ['cm'], routes: { '/login': { module: 'src/app/pages/LoginPage.tsx', namespaces: ['auth'] } } })
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

export interface RoutePreloadOptions {
  /** Version of public/locales, as the client puts it in `?v=` of the texts' URLs. */
  localesVersion: string;
  /** Namespaces every page needs (the default namespace). */
  namespaces: string[];
  /** Client path (without the base) → the module of its lazy route chunk and its own namespaces. */
  /** A route's lazy module, or the chain of lazy modules its first view loads. */
  routes: Record<string, { module: string | readonly string[]; namespaces?: string[] }>;
}

/** What the server reads: URLs under the base, by client path. */
export interface RoutePreloadFile {
  localesVersion: string;
  /** Namespaces for every page. */
  namespaces: string[];
  routes: Record<string, { modules: string[]; styles: string[]; namespaces: string[] }>;
}

export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

/**
 * The modules the signed-in shell loads before it renders (src/app/loadAreas.ts): every area's store
 * module and header item named in the manifest (`store: () => import('…')`, `headerItem: () =>
 * import('…')` in src/app/areas.ts), and the live connection's two modules. Read from the manifest's
 * text, so that a new area is preloaded too. A header item left out was fetched only once the stores
 * had run, a request in series before the first render.
 */
export function shellStoreModules(manifest = 'src/app/areas.ts'): string[] {
  const text = fs.readFileSync(manifest, 'utf8');
  const file = (specifier: string) => {
    const base = path.posix.join(path.posix.dirname(manifest), specifier);
    return fs.existsSync(`${base}.tsx`) ? `${base}.tsx` : `${base}.ts`;
  };
  const stores = [...text.matchAll(/\bstore: \(\) => import\('([^']+)'\)/g)].map((m) => file(m[1]));
  if (stores.length === 0) throw new Error(`route-preloads: no area store found in ${manifest}`);
  const headerItems = [...text.matchAll(/\bheaderItem: \(\) => import\('([^']+)'\)/g)].map((m) => file(m[1]));
  return [...stores, ...headerItems, 'src/shared/live/live.ts', 'src/shared/live/live.saga.ts'];
}

export function routePreloads(options: RoutePreloadOptions): Plugin {
  let base = '/';
  let root = '';
  return {
    name: 'lms:route-preloads',
    apply: 'build',
    configResolved(config) {
      base = config.base;
      root = config.root;
    },
    generateBundle(_output, bundle) {
      const chunks = new Map<string, { imports: string[]; css: string[]; facade: string | null; modules: string[]; isEntry: boolean }>();
      for (const [fileName, item] of Object.entries(bundle)) {
        if (item.type !== 'chunk') continue;
        chunks.set(fileName, {
          imports: item.imports,
          css: [...(item.viteMetadata?.importedCss ?? [])],
          facade: item.facadeModuleId,
          modules: item.moduleIds,
          isEntry: item.isEntry,
        });
      }
      // What index.html loads already: the entry chunks and everything they import.
      const loaded = new Set<string>();
      const closure = (fileName: string, into: Set<string>) => {
        if (into.has(fileName) || loaded.has(fileName)) return;
        into.add(fileName);
        for (const imported of chunks.get(fileName)?.imports ?? []) closure(imported, into);
      };
      for (const [fileName, chunk] of chunks) if (chunk.isEntry) closure(fileName, loaded);

      const out: RoutePreloadFile = { localesVersion: options.localesVersion, namespaces: options.namespaces, routes: {} };
      for (const [route, { module, namespaces = [] }] of Object.entries(options.routes)) {
        const files = new Set<string>();
        for (const one of typeof module === 'string' ? [module] : module) {
          const id = path.resolve(root, one);
          // A lazy module that other lazy chunks also import statically may share their chunk
          // instead of having its own: then the chunk that holds it.
          const chunk = [...chunks].find(([, c]) => c.facade === id)?.[0] ?? [...chunks].find(([, c]) => c.modules.includes(id))?.[0];
          if (!chunk) {
            this.error(`route-preloads: no chunk for ${one} (route ${route}); is it still a lazy route?`);
          }
          closure(chunk, files);
        }
        const styles = new Set<string>();
        for (const f of files) for (const css of chunks.get(f)?.css ?? []) styles.add(css);
        out.routes[route] = {
          modules: [...files].map((f) => base + f),
          styles: [...styles].map((f) => base + f),
          namespaces,
        };
      }
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: `${JSON.stringify(out, null, 2)}\n` });
    },
  };
}
