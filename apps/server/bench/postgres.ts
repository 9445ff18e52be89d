import pg from 'pg';

/** The PostgreSQL server the benchmarks make their databases on: DATABASE_URL's, or the local one. */
export const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Runs one statement on the server's own database (create or drop a benchmark's database). */
export async function adminQuery(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The value below which `share` of `values` fall (nearest rank). */
export function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((first, second) => first - second);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? Number.NaN;
}
