/**
 * What an artifact costs to pull at each level, estimated from its length (about four characters a
 * token), and the text served at each level. The summary level is the opening of the artifact up to
 * SUMMARY_CHARS; the costs and `artifactText` use the same cut, so the index quotes what a pull gets.
 */
export const CHARS_PER_TOKEN = 4;
export const SUMMARY_CHARS = 2_000;
export const GIST_CHARS = 200;

export const ARTIFACT_LEVELS = ['gist', 'summary', 'full'] as const;
export type ArtifactLevel = (typeof ARTIFACT_LEVELS)[number];

export const tokensFor = (chars: number): number => Math.ceil(chars / CHARS_PER_TOKEN);

const HEADING = /^\s{0,3}#{1,6}\s+/;
const LIST_MARKER = /^\s*(?:[-*+]|\d+[.)])\s+/;

/**
 * The first sentence of the prose (or its first GIST_CHARS characters), on one line. Markdown
 * heading lines are skipped (an artifact usually opens with its own title, which the index already
 * shows) and list markers dropped, so the gist reads as a sentence, not as `# Title Text…`. A
 * document that is nothing but headings falls back to their text.
 */
export function gistOf(content: string): string {
  const lines = content.split('\n');
  const prose = lines
    .filter((line) => !HEADING.test(line))
    .map((line) => line.replace(LIST_MARKER, ''));
  const source =
    prose.join(' ').trim().length > 0 ? prose : lines.map((line) => line.replace(HEADING, ''));
  const flat = source.join(' ').replace(/\s+/g, ' ').trim();
  const sentence = flat.match(/^.*?[.!?](\s|$)/)?.[0]?.trim() ?? flat;
  return sentence.length > GIST_CHARS ? `${sentence.slice(0, GIST_CHARS - 1)}…` : sentence;
}

export function artifactCosts(
  content: string,
  gist: string,
): { gist: number; summary: number; full: number } {
  return {
    gist: tokensFor(gist.length),
    summary: tokensFor(Math.min(content.length, SUMMARY_CHARS)),
    full: tokensFor(content.length),
  };
}

/** The text of an artifact at a level, and whether it is cut short of the full content. */
export function artifactText(
  content: string,
  gist: string,
  level: ArtifactLevel,
): { text: string; truncated: boolean } {
  switch (level) {
    case 'gist':
      return { text: gist, truncated: gist !== content };
    case 'summary':
      return { text: content.slice(0, SUMMARY_CHARS), truncated: content.length > SUMMARY_CHARS };
    case 'full':
      return { text: content, truncated: false };
  }
}
