import type { ClientBase, Connection, Submittable } from 'pg';

/** Protocol messages: CopyData ('d', then its length) carries rows, CopyDone ('c') ends them. */
const COPY_DATA = 0x64;
const COPY_DONE = Buffer.from([0x63, 0, 0, 0, 4]);
/** Postgres reads a CopyData message of up to 1 GB; its bytes need not end at a row's end. */
const MESSAGE_BYTES = 64 << 20;

/**
 * Runs `COPY … FROM STDIN` with `data`, rows in COPY's text format (CopyRows), on a pg client, queued behind
 * its other queries. It is a Submittable, the hook pg-cursor and pg-copy-streams use, written here for the
 * one case a replay needs: the rows are in memory already, so they are written at once, not streamed.
 */
export function copyIn(client: ClientBase, statement: string, data: Buffer, messageBytes = MESSAGE_BYTES): Promise<void> {
  return new Promise((resolve, reject) => {
    const query: Submittable & Record<string, unknown> = {
      submit: (connection: Connection) => connection.query(statement),
      handleCopyInResponse: (connection: Connection) => {
        for (let start = 0; start < data.length; start += messageBytes) {
          const part = data.subarray(start, start + messageBytes);
          const header = Buffer.allocUnsafe(5);
          header[0] = COPY_DATA;
          header.writeUInt32BE(part.length + 4, 1);
          connection.stream.write(header);
          connection.stream.write(part);
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
