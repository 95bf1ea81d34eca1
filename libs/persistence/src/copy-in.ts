import type { ClientBase, Connection, Submittable } from 'pg';

/** Protocol messages: CopyData ('d', then its length) carries rows, CopyDone ('c') ends them. */
const COPY_DATA = 0x64;
const COPY_DONE = Buffer.from([0x63, 0, 0, 0, 4]);
/** Rows go out in messages of about this many characters (a batch may hold turns of a megabyte each). */
const CHUNK_CHARS = 1 << 20;

/**
 * Runs `COPY … FROM STDIN` with `rows`, each a line in COPY's text format, on a pg client, queued behind its
 * other queries. It is a Submittable, the hook pg-cursor and pg-copy-streams use, written here for the one
 * case a replay needs: every row is in memory already, so they are written at once, not streamed.
 */
export function copyIn(client: ClientBase, statement: string, rows: readonly string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const query: Submittable & Record<string, unknown> = {
      submit: (connection: Connection) => connection.query(statement),
      handleCopyInResponse: (connection: Connection) => {
        for (let start = 0; start < rows.length; ) {
          let end = start;
          for (let chars = 0; end < rows.length && chars < CHUNK_CHARS; end += 1) chars += rows[end].length;
          const data = Buffer.from(rows.slice(start, end).join(''));
          const header = Buffer.alloc(5);
          header[0] = COPY_DATA;
          header.writeUInt32BE(data.length + 4, 1);
          connection.stream.write(header);
          connection.stream.write(data);
          start = end;
        }
        connection.stream.write(COPY_DONE);
      },
      handleCommandComplete: () => undefined,
      // pg drops a query that failed before the server is ready again, so this is its last call
      handleError: (error: Error) => reject(error),
      handleReadyForQuery: () => resolve(),
    };
    client.query(query);
  });
}
