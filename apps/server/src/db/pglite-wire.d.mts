import type { PGlite } from '@electric-sql/pglite';

/** Serves `db` over the PostgreSQL wire protocol on the Unix socket `path` (see pglite-wire.mjs). */
export function serveWire(
  db: PGlite,
  options: { path: string; maxConnections: number },
): Promise<{ stop(): Promise<void> }>;
