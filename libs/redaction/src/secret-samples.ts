import { SECRET_FORMATS } from './secret-formats';
import { SHAPE_FORMATS } from './shape-formats';
import { SECRET_KINDS, type SecretKind } from './secret-kind';

/**
 * Fake but correctly shaped secrets for tests that plant them in events and then
 * scan storage, logs and API answers for survivors, and for the labelled corpus.
 * Values are drawn from a seed, never copied from anywhere, so they are not live.
 */

const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const DIGITS = '0123456789';
const ALPHABETS: Record<string, string> = {
  a: UPPER + LOWER + DIGITS,
  l: LOWER + DIGITS,
  u: UPPER + DIGITS,
  L: LOWER,
  h: '0123456789abcdef',
  H: '0123456789ABCDEF',
  d: DIGITS,
  b: `${UPPER}${LOWER}${DIGITS}+/`,
  w: `${UPPER}${LOWER}${DIGITS}_-`,
  z: 'QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L',
  v: `${UPPER}234567`,
  x: 'abcdefgh0123456789',
};

export type Draw = (alphabet: string, n: number) => string;

/** Small deterministic generator (mulberry32) seeded by a string. */
export function seededDraw(seed: string): Draw {
  let h = 1779033703 ^ seed.length;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
  let state = h >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return (alphabet, n) => {
    let s = '';
    for (let i = 0; i < n; i++) s += alphabet[Math.floor(next() * alphabet.length)];
    return s;
  };
}

/** Random bodies must look random to every rule, as real ones do: each class of the alphabet shows up. */
function body(draw: Draw, code: string, n: number): string {
  const alphabet = ALPHABETS[code];
  if (alphabet === undefined) throw new Error(`no alphabet named ${code} in a secret format`);
  let s = draw(alphabet, n);
  if (n < 6) return s;
  const classes = [UPPER, LOWER, DIGITS].filter((c) => [...c].some((ch) => alphabet.includes(ch)));
  classes.forEach((c, i) => {
    const inAlphabet = [...c].filter((ch) => alphabet.includes(ch)).join('');
    s = s.slice(0, n - 1 - i * 2) + draw(inAlphabet, 1) + s.slice(n - i * 2);
  });
  return s;
}

const uuid = (draw: Draw): string =>
  `${body(draw, 'h', 8)}-${draw('0123456789abcdef', 4)}-4${draw('0123456789abcdef', 3)}-a${draw('0123456789abcdef', 3)}-${body(draw, 'h', 12)}`;

/** base64 of `user:password`, drawn until it has no `+` or `/` so it is one run. */
function basicCredential(draw: Draw): string {
  for (;;) {
    const encoded = btoa(`deploy:${body(draw, 'a', 27)}`);
    if (!/[+/]/.test(encoded)) return encoded;
  }
}

export interface PlantedSecret {
  /** The text to plant. */
  readonly text: string;
  /** The parts of it that must not survive (the whole text unless the template marks them). */
  readonly secrets: readonly string[];
}

/** Fills a template of secret-formats with values from `draw`. */
export function expandTemplate(template: string, draw: Draw): PlantedSecret {
  const filled = template.replace(
    /\{(uuid|basic|[a-zA-Z])(\d*)\}/g,
    (_m, code: string, n: string) =>
      code === 'uuid'
        ? uuid(draw)
        : code === 'basic'
          ? basicCredential(draw)
          : body(draw, code, Number(n)),
  );
  if (!filled.includes('⟦')) return { text: filled, secrets: [filled] };
  const secrets = [...filled.matchAll(/⟦([^⟧]*)⟧/g)].map((m) => m[1] ?? '');
  return { text: filled.replace(/[⟦⟧]/g, ''), secrets };
}

/** One planted secret per kind (its first documented form); `salt` gives a different, equally shaped set. */
export function plantedSecrets(salt = 'mnemo'): Record<SecretKind, PlantedSecret> {
  const out = {} as Record<SecretKind, PlantedSecret>;
  for (const kind of SECRET_KINDS) out[kind] = plantedSecret(kind, salt);
  return out;
}

/** The planted secret of one kind, as `plantedSecrets(salt)[kind]` holds it. */
export function plantedSecret(kind: SecretKind, salt = 'mnemo'): PlantedSecret {
  const planted = expandTemplate(SECRET_FORMATS[kind][0], seededDraw(`${salt}:${kind}`));
  rememberSecrets(planted);
  return planted;
}

/** One planted secret per shape of shape-formats, by its name (`shape_…`); `salt` as for plantedSecrets. */
export function plantedShapes(salt = 'mnemo'): Record<string, PlantedSecret> {
  const out: Record<string, PlantedSecret> = {};
  for (const [name, template] of Object.entries(SHAPE_FORMATS)) {
    out[name] = expandTemplate(template, seededDraw(`${salt}:${name}`));
    rememberSecrets(out[name]);
  }
  return out;
}

/** The secret parts of samples built here, so a scan looks for the secret, not the name kept beside it. */
const SECRET_PARTS = new Map<string, readonly string[]>();
const SECRET_PARTS_LIMIT = 20_000;
function rememberSecrets(planted: PlantedSecret): void {
  if (SECRET_PARTS.size >= SECRET_PARTS_LIMIT) SECRET_PARTS.clear();
  SECRET_PARTS.set(planted.text, planted.secrets);
}

/** The text of each planted secret, by kind. */
export function sampleSecrets(salt = 'mnemo'): Record<SecretKind, string> {
  const planted = plantedSecrets(salt);
  return Object.fromEntries(SECRET_KINDS.map((kind) => [kind, planted[kind].text])) as Record<
    SecretKind,
    string
  >;
}

export const SECRET_SAMPLES: Readonly<Record<SecretKind, string>> = Object.freeze(sampleSecrets());

/**
 * The part of a secret that must never survive: its longest run of letters and
 * digits (the random body), so JSON escaping of the surrounding text does not
 * hide a leak. For samples built here the scan looks at the secret parts only,
 * so context kept around a redacted value (`DB_PASSWORD=`, a URL's user) does
 * not count as a leak.
 */
export function secretCore(sample: string): string {
  let best = '';
  for (const run of sample.match(/[A-Za-z0-9]+/g) ?? []) if (run.length > best.length) best = run;
  return best;
}

/** Which sample values (or their random core) appear in `haystack`. */
export function findPlantedSecrets(
  haystack: string,
  samples: Readonly<Record<string, string>> = SECRET_SAMPLES,
): string[] {
  return Object.values(samples).filter((sample) => {
    if (haystack.includes(sample)) return true;
    const cores = (SECRET_PARTS.get(sample) ?? [sample]).map(secretCore);
    return cores.some((core) => core.length >= 8 && haystack.includes(core));
  });
}

/**
 * Every `width`-character window of a secret's body (cut at whitespace, quotes
 * and backslashes, which storage may escape), so a leak of any fragment is seen; windows that are mostly
 * separators are left out (see below).
 */
export function secretWindows(secret: string, width = 8): string[] {
  const windows = new Set<string>();
  for (const run of secret.split(/[\s"'\\]+/)) {
    for (let i = 0; i + width <= run.length; i++) {
      const window = run.slice(i, i + width);
      // A window with two separators is mostly shape, not secret: in a UUID-shaped key `-431d-a9` holds
      // the fixed version and variant digits and about 18 random bits, which random ids elsewhere match.
      if (window.replace(/[^A-Za-z0-9]/g, '').length >= width - 1) windows.add(window);
    }
  }
  return [...windows];
}

/** The kinds whose secret leaks into `haystack` by any `width`-character window, with the first window found. */
export function findLeakedWindows(
  haystack: string,
  planted: Readonly<Record<string, PlantedSecret>>,
  width = 8,
): Array<{ kind: string; window: string }> {
  const leaks: Array<{ kind: string; window: string }> = [];
  // A placeholder names the kind (`[REDACTED:rubygems_token]`), which may share a window with a prefix.
  const text = haystack.replace(/\[REDACTED:[a-z0-9_]+\]/g, ' ');
  for (const [kind, { secrets }] of Object.entries(planted)) {
    const window = secrets.flatMap((s) => secretWindows(s, width)).find((w) => text.includes(w));
    if (window !== undefined) leaks.push({ kind, window });
  }
  return leaks;
}
