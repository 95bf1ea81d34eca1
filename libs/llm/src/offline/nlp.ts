import nlp from 'compromise';
import datesPlugin, { type DatesMethods } from 'compromise-dates';

nlp.plugin(datesPlugin);

/** compromise with its dates plugin: sentence splitting, part-of-speech tags and date resolution. */
export const parse = (text: string) => nlp<DatesMethods>(text);
export type Doc = ReturnType<typeof parse>;

export interface Term {
  text: string;
  normal: string;
  tags: string[];
}

/** A sentence's terms with their tags, punctuation kept apart from the words. */
export function termsOf(doc: { json(opts?: object): unknown }): Term[] {
  const sentences = doc.json({ terms: { normal: true } }) as Array<{ terms: Term[] }>;
  return sentences.flatMap((s) =>
    s.terms.map((t) => ({ text: t.text, normal: t.normal, tags: t.tags })),
  );
}

/** Sentences in order, as compromise splits them (abbreviations, decimals and quotes handled). */
export function sentencesOf(text: string): string[] {
  return (parse(text).sentences().out('array') as string[])
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/**
 * The first name a statement opens with, lowercased, when its first word is one ("Sam is not vegan anymore"),
 * after a topic label ("Summer: Sam quit"); none when the name is one of several doers with the person
 * ("Felix and they broke up"). How a fact about someone named is told from the person's own (docs/memory-facts.md, "who holds it").
 */
export function openingName(text: string): string | undefined {
  const body = text.trim().replace(/^[^:]{1,30}: /, '');
  const [first, second, third] = termsOf(parse(body));
  if (!first?.tags.includes('FirstName')) return undefined;
  if (second?.normal === 'and' && /^(?:i|they|we|them)$/.test(third?.normal ?? ''))
    return undefined;
  return first.normal;
}
