import { readFileSync } from 'node:fs';
import {
  buildCorpus,
  CORPUS_FILE,
  type CorpusSample,
} from '../../../tests/bench/data/redaction/corpus.generate';
import { leakedWindow } from '../../../tests/bench/data/redaction/corpus.score';
import { redact } from './redact';

// The labelled corpus (tests/bench/data/redaction): fake secrets of every family in hand-written
// contexts, and close negatives. `npm run bench:redaction` prints the same run as recall and
// false-positive rate per family; here every sample must be right.
const corpus = JSON.parse(readFileSync(CORPUS_FILE, 'utf8')) as CorpusSample[];
const families = [...new Set(corpus.map((s) => s.family))].sort();

describe('the redaction corpus', () => {
  it('is what the seeded generator builds, with at least 1,500 samples and 400 close negatives', () => {
    expect(buildCorpus()).toEqual(corpus);
    expect(corpus.length).toBeGreaterThanOrEqual(1500);
    expect(corpus.filter((s) => s.label === 'clean').length).toBeGreaterThanOrEqual(400);
  });

  it.each(families)('redacts every %s secret and leaves its near misses unchanged', (family) => {
    const wrong: Array<{ id: string; leaked?: string; changedTo?: string }> = [];
    for (const sample of corpus.filter((s) => s.family === family)) {
      const redacted = redact(sample.text).text;
      if (sample.label === 'secret') {
        const leaked = leakedWindow(sample, redacted);
        if (leaked !== null) wrong.push({ id: sample.id, leaked });
      } else if (redacted !== sample.text) {
        wrong.push({ id: sample.id, changedTo: redacted });
      }
    }
    expect(wrong).toEqual([]);
  });
});
