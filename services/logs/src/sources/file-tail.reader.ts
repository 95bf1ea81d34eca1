import { open, stat, type FileHandle } from 'node:fs/promises';
import { LineSplitter } from '@mnemo/log-templates';
import {
  abortableDelay,
  SourceUnavailableError,
  type LineFeed,
  type LogReader,
} from './log-source.runner';

/** A line is held whole up to this size; a longer one is counted as skipped without being held. */
export const MAX_FILE_LINE_BYTES = 256 * 1024;
const CHUNK_BYTES = 64 * 1024;

/** Where a tailed file was left: which file (device and inode) and the offset after its last whole line. */
export interface FilePosition {
  dev: number;
  ino: number;
  offset: number;
}

export function filePositionText(position: FilePosition): string {
  return JSON.stringify(position);
}

export function parseFilePosition(text: string | undefined): FilePosition | undefined {
  if (!text) return undefined;
  try {
    const { dev, ino, offset } = JSON.parse(text) as Partial<FilePosition>;
    if ([dev, ino, offset].every((n) => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0))
      return { dev: dev!, ino: ino!, offset: offset! };
  } catch {
    // a cursor of another shape: start the file over
  }
  return undefined;
}

export interface FileTailOptions {
  path: string;
  /** How often the file is looked at once its end is reached. */
  pollMs: number;
  maxLineBytes?: number;
}

/**
 * Tails one file by polling, as `tail -F` does: resumes at the stored offset when the path still
 * names the same file and that file has not shrunk; follows a rename-and-create rotation (reads the
 * old file to its end through the open handle, then the new one from its start) and a truncation
 * (starts over at 0). Its own code over `fs` rather than a tail library, because each line's position
 * must name the file (inode) it was read from, so the position stored with a window is exact across a
 * rotation (docs/logs.md).
 */
export class FileTailReader implements LogReader {
  readonly kind = 'file' as const;

  constructor(private readonly options: FileTailOptions) {}

  async read(from: string | undefined, feed: LineFeed, signal: AbortSignal): Promise<void> {
    const stored = parseFilePosition(from);
    let file = await this.openCurrent();
    let offset =
      stored && stored.dev === file.dev && stored.ino === file.ino && stored.offset <= file.size
        ? stored.offset
        : 0;
    try {
      while (!signal.aborted) {
        offset = await this.readToEnd(file, offset, feed, signal);
        if (signal.aborted) break;
        const now = await stat(this.options.path).catch(() => null);
        if (now && (now.ino !== file.ino || now.dev !== file.dev)) {
          // rotated: what was written to the old file before the switch is read first
          offset = await this.readToEnd(file, offset, feed, signal);
          await file.handle.close();
          file = await this.openCurrent();
          offset = 0;
          continue;
        }
        const size = (await file.handle.stat()).size;
        if (size < offset) {
          offset = 0;
          continue;
        }
        await abortableDelay(this.options.pollMs, signal);
      }
    } finally {
      await file.handle.close().catch(() => undefined);
    }
  }

  private async openCurrent(): Promise<{
    handle: FileHandle;
    dev: number;
    ino: number;
    size: number;
  }> {
    const handle = await open(this.options.path, 'r').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT')
        throw new SourceUnavailableError(`no file at ${this.options.path}`);
      throw error;
    });
    const { dev, ino, size } = await handle.stat();
    return { handle, dev, ino, size };
  }

  /** Reads whole lines from `offset` to the file's end; answers the offset after the last whole line. */
  private async readToEnd(
    file: { handle: FileHandle; dev: number; ino: number },
    offset: number,
    feed: LineFeed,
    signal: AbortSignal,
  ): Promise<number> {
    const splitter = new LineSplitter(this.options.maxLineBytes ?? MAX_FILE_LINE_BYTES, offset);
    const buffer = Buffer.alloc(CHUNK_BYTES);
    let position = offset;
    let consumed = offset;
    while (!signal.aborted) {
      const { bytesRead } = await file.handle.read(buffer, 0, CHUNK_BYTES, position);
      if (bytesRead === 0) break;
      position += bytesRead;
      for (const piece of splitter.push(buffer.subarray(0, bytesRead))) {
        const cursor = filePositionText({ dev: file.dev, ino: file.ino, offset: piece.end });
        if (piece.kind === 'too_long') await feed.skip('too_long', cursor);
        else await feed.add({ message: lineText(piece.bytes), at: new Date() }, cursor);
        consumed = piece.end;
      }
    }
    // an unfinished last line is read again, whole, once its end is written
    return consumed;
  }
}

/** A line's text: UTF-8 with U+FFFD for what is not, without the `\r` of a CRLF ending. */
function lineText(bytes: Buffer): string {
  const end = bytes.length > 0 && bytes[bytes.length - 1] === 13 ? bytes.length - 1 : bytes.length;
  return bytes.toString('utf8', 0, end);
}
