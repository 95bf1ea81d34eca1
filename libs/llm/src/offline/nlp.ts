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
