import { secretWindows } from '@mnemo/redaction';
import type { CorpusSample } from './corpus.generate';

const PLACEHOLDER = /\[REDACTED:[a-z0-9_]+\]/g;

/**
 * Whether the redactor's answer for a sample is right: a positive must lose
 * every 8-character window of its secrets (windows that also occur in the
 * surrounding text do not count); a negative must come back byte for byte.
 */
export function scoreSample(sample: CorpusSample, redacted: string): boolean {
  if (sample.label === 'clean') return redacted === sample.text;
  return leakedWindow(sample, redacted) === null;
}

/** The first window of a secret that survived, or null. */
export function leakedWindow(sample: CorpusSample, redacted: string): string | null {
  let outside = sample.text;
  const runs = sample.secrets.flatMap((s) => s.split(/[\s"'\\]+/)).filter((r) => r.length > 0);
  for (const run of [...runs].sort((a, b) => b.length - a.length))
    outside = outside.split(run).join('\u0000');
  const kept = redacted.replace(PLACEHOLDER, '\u0000');
  for (const secret of sample.secrets) {
    const windows = secretWindows(secret).filter((w) => !outside.includes(w));
    if (windows.length === 0 && kept.includes(secret)) return secret;
    const leaked = windows.find((w) => kept.includes(w));
    if (leaked !== undefined) return leaked;
  }
  return null;
}

export interface FamilyScore {
  readonly family: string;
  readonly positives: number;
  readonly caught: number;
  readonly negatives: number;
  readonly changed: number;
}

export function scoreByFamily(
  samples: readonly CorpusSample[],
  redact: (text: string) => string,
): FamilyScore[] {
  const byFamily = new Map<
    string,
    { positives: number; caught: number; negatives: number; changed: number }
  >();
  for (const sample of samples) {
    const row = byFamily.get(sample.family) ?? {
      positives: 0,
      caught: 0,
      negatives: 0,
      changed: 0,
    };
    const ok = scoreSample(sample, redact(sample.text));
    if (sample.label === 'secret') {
      row.positives++;
      if (ok) row.caught++;
    } else {
      row.negatives++;
      if (!ok) row.changed++;
    }
    byFamily.set(sample.family, row);
  }
  return [...byFamily]
    .map(([family, row]) => ({ family, ...row }))
    .sort((a, b) => a.family.localeCompare(b.family));
}
