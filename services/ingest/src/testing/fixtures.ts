import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readTranscript, splitLines, Transcript } from '../domain/transcript';

export const FIXTURES_ROOT = join(__dirname, '..', '..', 'test-fixtures');

export const fixtureLines = (relativePath: string): string[] =>
  splitLines(readFileSync(join(FIXTURES_ROOT, relativePath), 'utf8'));

export const loadFixture = (relativePath: string): Transcript =>
  readTranscript(fixtureLines(relativePath));
