/** One PostgreSQL connection for a script, a bench or a test's own setup, closed whatever happens. */
import pg from 'pg';

/** Runs `fn(client)` on a connection to the database at `url`, closed afterwards; resolves to what `fn` resolves to. */
export async function withClient(url, fn) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
