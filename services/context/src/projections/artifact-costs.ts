/**
 * What an artifact costs to pull at each level, estimated from its length (about four characters a
 * token). The summary level is the opening of the artifact up to SUMMARY_CHARS.
 */
export const CHARS_PER_TOKEN = 4;
export const SUMMARY_CHARS = 2_000;
export const GIST_CHARS = 200;

export const tokensFor = (chars: number): number => Math.ceil(chars / CHARS_PER_TOKEN);

/** The first sentence (or the first GIST_CHARS characters) of the content, on one line. */
export function gistOf(content: string): string {
  const flat = content.replace(/\s+/g, ' ').trim();
  const sentence = flat.match(/^.*?[.!?](\s|$)/)?.[0]?.trim() ?? flat;
  return sentence.length > GIST_CHARS ? `${sentence.slice(0, GIST_CHARS - 1)}…` : sentence;
}

export function artifactCosts(content: string, gist: string): { gist: number; summary: number; full: number } {
  return { gist: tokensFor(gist.length), summary: tokensFor(Math.min(content.length, SUMMARY_CHARS)), full: tokensFor(content.length) };
}
