/** Behind a pooler in transaction mode (DATABASE_POOLER=transaction, docs/deployment.md#connections-pooler-listeners-replica). */
import type pg from 'pg';

/**
 * Behind a transaction pooler, each statement of a pool client unnamed (same text, same values): a
 * named prepared statement lives on one server connection, and the pooler may run the client's next
 * transaction on another (where it does not exist) or give this server connection to another client
 * (which then prepares the name a second time). What `.prepare(name)` and rowsOf's names save, the
 * parse and plan per connection, is given up there.
 */
export function unnamedStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (config: unknown, ...rest: unknown[]) => {
    if (config !== null && typeof config === 'object' && 'name' in config && typeof (config as { submit?: unknown }).submit !== 'function') {
      const { name: _name, ...unnamed } = config as { name?: string };
      return query(unnamed, ...rest);
    }
    return query(config, ...rest);
  };
}
