/** Types of pg-client.mjs for the TypeScript that imports it (tests/files-two-servers.e2e.ts). */
import type pg from 'pg';

export function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T>;
