import { spawn } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { JOURNAL_FIELDS, parseJournalEntry } from '../domain/journal-entry';
import { LineSplitter } from '@mnemo/log-templates';
import { SourceUnavailableError, type LineFeed, type LogReader } from './log-source.runner';

/**
 * An entry's JSON line is held whole up to this size: a message journald keeps at 1 MB arrives as a
 * byte array of about 4 MB. A longer line is counted as skipped without being held.
 */
export const MAX_JOURNAL_LINE_BYTES = 8 * 1024 * 1024;

const HOST_JOURNALS = ['/var/log/journal', '/run/log/journal'];
const STDERR_KEPT = 2000;

export interface JournaldReaderOptions {
  /** The journalctl program. */
  command: string;
  /** A journal directory (`journalctl -D`); the host's journal when absent. */
  directory?: string;
  /** Where a source with no stored cursor starts (`journalctl --since`). */
  since: string;
}

/**
 * Follows a journal through `journalctl --follow --output=json`, from `--after-cursor` when a cursor
 * is stored. journalctl writes `--cursor-file` only when it exits cleanly, so the cursor of each entry
 * is handed to the feed and stored by Mnemo with the window it ends (docs/logs.md). `--all` keeps
 * messages over 4,096 bytes, which journalctl otherwise prints as null.
 */
export class JournaldReader implements LogReader {
  readonly kind = 'journald' as const;

  constructor(private readonly options: JournaldReaderOptions) {}

  async read(from: string | undefined, feed: LineFeed, signal: AbortSignal): Promise<void> {
    await this.assertJournal();
    const child = spawn(this.options.command, this.args(from), {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (text: string) => {
      stderr = (stderr + text).slice(-STDERR_KEPT);
    });
    const exited = new Promise<{ code: number | null; error?: NodeJS.ErrnoException }>(
      (resolve) => {
        child.once('error', (error) => resolve({ code: null, error }));
        child.once('close', (code) => resolve({ code }));
      },
    );
    const stop = () => child.kill('SIGTERM');
    signal.addEventListener('abort', stop, { once: true });
    try {
      const splitter = new LineSplitter(MAX_JOURNAL_LINE_BYTES);
      for await (const chunk of child.stdout as AsyncIterable<Buffer>) {
        for (const piece of splitter.push(chunk)) {
          if (piece.kind === 'too_long') await feed.skip('too_long');
          else {
            const entry = parseJournalEntry(piece.bytes.toString('utf8'), new Date());
            if (entry) await feed.add(entry.line, entry.cursor);
          }
        }
      }
    } finally {
      signal.removeEventListener('abort', stop);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    }
    const { code, error } = await exited;
    if (signal.aborted) return;
    if (error?.code === 'ENOENT')
      throw new SourceUnavailableError(
        `${this.options.command} not found: no journal on this host`,
      );
    if (error) throw error;
    if (/no journal files|no such boot id|not available/i.test(stderr))
      throw new SourceUnavailableError(`no journal on this host (${lastLine(stderr)})`);
    throw new Error(`journalctl stopped (exit ${code ?? 'signal'}): ${lastLine(stderr)}`);
  }

  private args(from: string | undefined): string[] {
    return [
      '--follow',
      '--all',
      '--show-cursor',
      '--no-tail',
      '--output=json',
      `--output-fields=${JOURNAL_FIELDS.join(',')}`,
      ...(from ? ['--after-cursor', from] : ['--since', this.options.since]),
      ...(this.options.directory ? ['-D', this.options.directory] : []),
    ];
  }

  /**
   * journalctl with no journal files waits forever on a host journal and fails on a directory: both
   * are told apart before it starts, so the status can say so.
   */
  private async assertJournal(): Promise<void> {
    const dirs = this.options.directory ? [this.options.directory] : HOST_JOURNALS;
    for (const dir of dirs) if (await holdsJournal(dir, 2)) return;
    throw new SourceUnavailableError(
      this.options.directory
        ? `no journal on this host: no journal files in ${this.options.directory}`
        : `no journal on this host: no journal files in ${HOST_JOURNALS.join(' or ')}`,
    );
  }
}

async function holdsJournal(dir: string, depth: number): Promise<boolean> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (entry.isFile() && /\.journal~?$/.test(entry.name)) return true;
    if (
      entry.isDirectory() &&
      depth > 1 &&
      (await holdsJournal(path.join(dir, entry.name), depth - 1))
    )
      return true;
  }
  return false;
}

function lastLine(text: string): string {
  return text.trim().split('\n').filter(Boolean).pop()?.slice(0, 500) ?? 'no message';
}
