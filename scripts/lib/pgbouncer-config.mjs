/**
 * The configuration of a PgBouncer of its own in front of one PostgreSQL database, on 127.0.0.1 with
 * trust authentication: what the pooler test (server/src/test/pgbouncer.ts) and the cluster bench
 * (bench/lib/pgbouncer.mjs), which may not import each other's code, both start.
 */
import path from 'node:path';

/**
 * Writes nothing: returns the `pgbouncer.ini` text and the `users.txt` line for the database of
 * `databaseUrl` (postgres://user@host:port/name), listening on `port`, its auth file in `dir`.
 * `stats`: the database's user may read the console's SHOW STATS; `extra`: further `[pgbouncer]` lines.
 */
export function pgbouncerConfig({ databaseUrl, dir, port, poolMode, poolSize, maxClients, stats = false, extra = [] }) {
  const target = new URL(databaseUrl);
  const name = target.pathname.slice(1);
  const user = decodeURIComponent(target.username) || 'postgres';
  const ini = [
    '[databases]',
    `${name} = host=${target.hostname} port=${target.port || 5432} dbname=${name} user=${user}`,
    '[pgbouncer]',
    'listen_addr = 127.0.0.1',
    `listen_port = ${port}`,
    'unix_socket_dir =',
    'auth_type = trust',
    `auth_file = ${path.join(dir, 'users.txt')}`,
    `pool_mode = ${poolMode}`,
    `default_pool_size = ${poolSize}`,
    `max_client_conn = ${maxClients}`,
    ...(stats ? [`stats_users = ${user}`] : []),
    ...extra,
    '',
  ].join('\n');
  const through = new URL(databaseUrl);
  through.hostname = '127.0.0.1';
  through.port = String(port);
  return { ini, users: `"${user}" ""\n`, name, user, url: through.toString() };
}
