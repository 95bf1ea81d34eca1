/** One whole line of a byte stream, or a line over the bound (its bytes dropped, only counted). */
export type SplitLine =
  { kind: 'line'; bytes: Buffer; end: number } | { kind: 'too_long'; length: number; end: number };

/**
 * Cuts a byte stream into lines at `\n`, holding at most `maxLineBytes` of an unfinished line: a
 * longer line is dropped as it streams by and reported once its end arrives, so memory stays bounded
 * whatever a log holds. `end` is the stream offset just past the line's `\n`, where a reader resumes.
 * Bytes after the last `\n` wait for more input (a line being written is not a line yet).
 */
export class LineSplitter {
  private held: Buffer[] = [];
  private heldBytes = 0;
  private dropping = 0;

  constructor(
    private readonly maxLineBytes: number,
    /** The stream offset of the first byte pushed. */
    private offset = 0,
  ) {}

  /** Bytes of an unfinished line held or dropped so far (not yet consumed). */
  get pendingBytes(): number {
    return this.heldBytes + this.dropping;
  }

  push(chunk: Buffer): SplitLine[] {
    const lines: SplitLine[] = [];
    let start = 0;
    for (let nl = chunk.indexOf(10, start); nl !== -1; nl = chunk.indexOf(10, start)) {
      const part = chunk.subarray(start, nl);
      const length = this.heldBytes + this.dropping + part.length;
      this.offset += part.length + 1;
      if (this.dropping > 0 || length > this.maxLineBytes)
        lines.push({ kind: 'too_long', length, end: this.offset });
      else
        lines.push({
          kind: 'line',
          bytes: this.heldBytes ? Buffer.concat([...this.held, part]) : Buffer.from(part),
          end: this.offset,
        });
      this.held = [];
      this.heldBytes = 0;
      this.dropping = 0;
      start = nl + 1;
    }
    const rest = chunk.subarray(start);
    if (rest.length === 0) return lines;
    this.offset += rest.length;
    if (this.dropping > 0 || this.heldBytes + rest.length > this.maxLineBytes) {
      this.dropping += this.heldBytes + rest.length;
      this.held = [];
      this.heldBytes = 0;
    } else {
      this.held.push(Buffer.from(rest));
      this.heldBytes += rest.length;
    }
    return lines;
  }
}
