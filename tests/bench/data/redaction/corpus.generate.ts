/**
 * Builds the labelled redaction corpus from the documented key formats
 * (libs/redaction secret-formats) and the hand-written contexts beside this file,
 * with a seeded generator, so the same seed always gives the same corpus.
 *
 * Regenerate corpus.json: npm run corpus:redaction
 */
import path from 'node:path';
import {
  type Draw,
  expandTemplate,
  SECRET_FORMATS,
  SECRET_KINDS,
  seededDraw,
} from '@mnemo/redaction';
import { CLEAN_CONTEXTS, GENERIC_CONTEXTS, LINE_WRAPPERS, TOKEN_CONTEXTS } from './corpus.contexts';
import { SHAPE_CASES } from './corpus.shapes';
import { itemAt } from '@mnemo/testing';

export interface CorpusSample {
  readonly id: string;
  /** The provider family or syntax the sample exercises; negatives name the family they nearly are. */
  readonly family: string;
  readonly label: 'secret' | 'clean';
  readonly text: string;
  /** What must not survive (positives only). */
  readonly secrets: readonly string[];
}

export const CORPUS_FILE = path.join(__dirname, 'corpus.json');
const SEED = 'mnemo-redaction-corpus-v1';
const TOKEN_CONTEXTS_PER_TEMPLATE = 4;
const LINE_WRAPPERS_PER_TEMPLATE = 3;
const VALUES_PER_GENERIC_CONTEXT = 2;

/** Picks `n` distinct items, deterministically from `draw`. */
function pick<T>(draw: Draw, items: readonly T[], n: number): T[] {
  const pool = [...items];
  const out: T[] = [];
  while (out.length < n && pool.length > 0) {
    const i = Number.parseInt(draw('0123456789', 6), 10) % pool.length;
    out.push(...pool.splice(i, 1));
  }
  return out;
}

function place(context: string, value: string): string {
  return context.split('§').join(value);
}

/** A value someone would choose or a tool would generate for a password or token. */
const VALUE_STYLES = [
  '{a20}',
  '{a12}!{d2}',
  '{L5}-{L6}-{d3}',
  '{w32}',
  '{a8}#{a6}$',
  'Pa55{L4}{d4}',
  '{b40}=',
];
/** Prose gives no key to trust, only the value's look: these are what a generator makes. */
const RANDOM_STYLES = ['{a20}', '{a12}!{d2}', '{w32}', '{b40}=', '{a32}'];

function genericValue(draw: Draw, hex: boolean, random: boolean): string {
  if (hex) return expandTemplate(Number.parseInt(draw('01', 1), 2) ? '{h40}' : '{h64}', draw).text;
  return expandTemplate(itemAt(pick(draw, random ? RANDOM_STYLES : VALUE_STYLES, 1), 0), draw).text;
}

function positives(draw: Draw): CorpusSample[] {
  const out: CorpusSample[] = [];
  for (const kind of SECRET_KINDS) {
    SECRET_FORMATS[kind].forEach((template, t) => {
      const bare = !template.includes('⟦');
      const contexts = bare
        ? pick(draw, TOKEN_CONTEXTS, TOKEN_CONTEXTS_PER_TEMPLATE)
        : pick(draw, LINE_WRAPPERS, LINE_WRAPPERS_PER_TEMPLATE);
      contexts.forEach((context, c) => {
        const planted = expandTemplate(template, draw);
        const text =
          context === 'JSON'
            ? JSON.stringify({ content: planted.text })
            : place(context, planted.text);
        out.push({
          id: `${kind}/${t}/${c}`,
          family: kind,
          label: 'secret',
          text,
          secrets: planted.secrets,
        });
      });
    });
  }
  for (const [family, contexts] of Object.entries(GENERIC_CONTEXTS)) {
    contexts.forEach((context, c) => {
      for (let v = 0; v < VALUES_PER_GENERIC_CONTEXT; v++) {
        const hex = context.includes('§HEX');
        const parts = context.replace('§HEX', '§').split('§');
        const secrets = parts
          .slice(1)
          .map(() => genericValue(draw, hex, family.startsWith('high_entropy')));
        const text = parts.reduce(
          (acc, part, i) => acc + (i === 0 ? '' : secrets[i - 1]) + part,
          '',
        );
        out.push({ id: `${family}/${c}/${v}`, family, label: 'secret', text, secrets });
      }
    });
  }
  return out;
}

/** A template's near miss: every random part cut to a few characters, far too short to be the real thing. */
const truncated = (template: string): string =>
  template
    .replace(/\{uuid\}/g, '{h8}')
    .replace(
      /\{([a-zA-Z])(\d+)\}/g,
      (_m, code: string, n: string) =>
        `{${code}${Math.min(6, Math.max(2, Math.floor(Number(n) / 4)))}}`,
    );

const NEUTRAL = [
  'ticket § was closed',
  'see § in the changelog',
  'build § finished',
  'the label reads §',
  '§',
];
const REFERENCES = [
  '${NAME}',
  '$NAME',
  '<your-key-here>',
  '{{ .Values.NAME }}',
  'process.env.NAME',
  '%NAME%',
  '${{ secrets.NAME }}',
];

function negatives(draw: Draw): CorpusSample[] {
  const out: CorpusSample[] = [];
  for (const kind of SECRET_KINDS) {
    SECRET_FORMATS[kind].forEach((template, t) => {
      if (template.includes('⟦')) {
        // The provider's name stays; the value is a reference to where the secret lives.
        const name = kind.toUpperCase();
        const reference = itemAt(pick(draw, REFERENCES, 1), 0).replace('NAME', name);
        const text = expandTemplate(
          template.replace(/⟦[^⟧]*⟧/g, () => reference),
          draw,
        ).text;
        out.push({ id: `${kind}/${t}/reference`, family: kind, label: 'clean', text, secrets: [] });
      } else if (t < 2 && !template.includes('\n')) {
        const text = place(
          itemAt(pick(draw, NEUTRAL, 1), 0),
          expandTemplate(truncated(template), draw).text,
        );
        out.push({ id: `${kind}/${t}/truncated`, family: kind, label: 'clean', text, secrets: [] });
      }
    });
  }
  for (const [family, contexts] of Object.entries(CLEAN_CONTEXTS)) {
    contexts.forEach((context, c) => {
      const copies = /\{[a-zA-Z]+\d*\}/.test(context) ? 3 : 1;
      for (let v = 0; v < copies; v++) {
        out.push({
          id: `clean_${family}/${c}/${v}`,
          family: `clean_${family}`,
          label: 'clean',
          text: expandTemplate(context, draw).text,
          secrets: [],
        });
      }
    });
  }
  return out;
}

/** The scanner-style cases (corpus.shapes): each template drawn once. */
function shapes(draw: Draw): CorpusSample[] {
  return SHAPE_CASES.map(({ id, family, label, template }) => {
    const planted = expandTemplate(template, draw);
    const secrets = label === 'secret' ? planted.secrets : [];
    return { id, family, label, text: planted.text, secrets };
  });
}

export function buildCorpus(): CorpusSample[] {
  return [
    ...positives(seededDraw(`${SEED}:positives`)),
    ...negatives(seededDraw(`${SEED}:negatives`)),
    ...shapes(seededDraw(`${SEED}:shapes`)),
  ];
}
