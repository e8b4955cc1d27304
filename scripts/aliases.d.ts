/** Types of scripts/aliases.js (plain JavaScript: eslint.config.js imports it too). */
export declare const ALIASES: Record<string, string>;
export declare const ALIAS_DIRS: Record<string, string>;
export declare function unalias(spec: string): string | null;
