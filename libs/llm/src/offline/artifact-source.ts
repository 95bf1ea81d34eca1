/**
 * How services hand artifacts and stored facts to the model, as `source` texts the prompt also shows:
 * a header line the offline adapter can read back (which artifact, when, what title) above the text.
 */
export interface ArtifactText {
  id: string;
  title: string;
  /** ISO time of the save: evolution reads the older and the newer stance from it. */
  savedAt: string;
  content: string;
}

export interface FactLine {
  content: string;
  confidence: 'high' | 'medium' | 'low';
  confirmed: boolean;
}

const ARTIFACT_HEADER = /^@artifact (\{.*\})$/;
export const FACTS_HEADING = '@facts (what the person stated, with confidence)';
const FACT_LINE = /^- \[(high|medium|low)(, confirmed)?\] (.+)$/;

export function artifactSource(artifact: ArtifactText): string {
  return `@artifact ${JSON.stringify({ id: artifact.id, title: artifact.title, savedAt: artifact.savedAt })}\n${artifact.content}`;
}

/**
 * Artifact sources in the order given, within `maxChars` in all: each text is cut to what the ones before
 * it left, and once nothing is left the rest are not sent.
 */
export function artifactSources(artifacts: readonly ArtifactText[], maxChars: number): string[] {
  const out: string[] = [];
  let budget = maxChars;
  for (const artifact of artifacts) {
    if (budget <= 0) break;
    const text = artifactSource({ ...artifact, content: artifact.content.slice(0, budget) });
    budget -= text.length;
    out.push(text);
  }
  return out;
}

export function factsSource(facts: readonly FactLine[]): string {
  return [
    FACTS_HEADING,
    ...facts.map(
      (f) =>
        `- [${f.confidence}${f.confirmed ? ', confirmed' : ''}] ${f.content.replace(/\s+/g, ' ').trim()}`,
    ),
  ].join('\n');
}

/** Reads an artifact source back; a text without the header is an artifact with no id. */
export function parseArtifactSource(source: string, index: number): ArtifactText {
  const newline = source.indexOf('\n');
  const first = newline < 0 ? source : source.slice(0, newline);
  const match = ARTIFACT_HEADER.exec(first);
  if (!match)
    return {
      id: `source-${index + 1}`,
      title: `Source ${index + 1}`,
      savedAt: '',
      content: source,
    };
  try {
    const header = JSON.parse(match[1] ?? '') as Partial<ArtifactText>;
    return {
      id: String(header.id ?? `source-${index + 1}`),
      title: String(header.title ?? ''),
      savedAt: String(header.savedAt ?? ''),
      content: newline < 0 ? '' : source.slice(newline + 1),
    };
  } catch {
    return {
      id: `source-${index + 1}`,
      title: `Source ${index + 1}`,
      savedAt: '',
      content: source,
    };
  }
}

export function isFactsSource(source: string): boolean {
  return source.startsWith(FACTS_HEADING);
}

export function parseFactsSource(source: string): FactLine[] {
  return source
    .split('\n')
    .slice(1)
    .flatMap((line) => {
      const match = FACT_LINE.exec(line.trim());
      return match
        ? [
            {
              confidence: match[1] as FactLine['confidence'],
              confirmed: Boolean(match[2]),
              content: match[3] ?? '',
            },
          ]
        : [];
    });
}
