/** Types of pgbouncer-config.mjs for the TypeScript that imports it (server/src/test/pgbouncer.ts). */
export function pgbouncerConfig(options: {
  databaseUrl: string;
  dir: string;
  port: number;
  poolMode: 'transaction' | 'session';
  poolSize: number;
  maxClients: number;
  stats?: boolean;
  extra?: string[];
}): { ini: string; users: string; name: string; user: string; url: string };
