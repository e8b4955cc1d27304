/** Types of client-build.mjs for the TypeScript that imports it (the build's plugins, tests). */
export const ROOT: string;
export const DIST_DIR: string;
export const BUILD_INPUTS: string[];
export function hashInputs(root: string, entries: string[], options?: { skip?: string[]; keepFile?: (rel: string) => boolean; prefix?: string | null }): string;
export function sourceHash(root?: string): string;
export function staleReason(hash?: string, options?: { root?: string }): string | null;
export function writeStamp(hash?: string, dir?: string): void;
export function binOf(pkg: string, file: string): string | null;
export function viteBuild(extraArgs?: string[], options?: { quiet?: boolean }): Promise<void>;
export function ensureClientBuild(options?: {
  log?: (line: string) => void;
  force?: boolean;
  viteArgs?: string[];
  quiet?: boolean;
  root?: string;
  build?: (outDir: string) => Promise<void>;
}): Promise<boolean>;
