import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import type { ClientBase } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

/** The rows go to the server in writes of at most this many bytes (its bytes need not end at a row's end). */
const WRITE_BYTES = 64 << 20;

/**
 * Runs `COPY … FROM STDIN` with `data`, rows in COPY's text format (CopyRows), on a pg client, queued behind
 * its other queries, through pg-copy-streams (the COPY protocol for node-postgres): the rows are in memory
 * already, so they go in a few large writes.
 */
export async function copyIn(
  client: ClientBase,
  statement: string,
  data: Buffer,
  writeBytes = WRITE_BYTES,
): Promise<void> {
  const parts = function* () {
    for (let start = 0; start < data.length; start += writeBytes)
      yield data.subarray(start, start + writeBytes);
  };
  await pipeline(Readable.from(parts(), { objectMode: false }), client.query(copyFrom(statement)));
}
