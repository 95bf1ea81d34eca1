import { TOKEN_RULES } from './token-rules';

/**
 * Values that stand in for a secret rather than being one: documentation's example keys
 * (`AKIA…EXAMPLE`, `ghp_xxxx…`, `0000…`), bare words in the value's place (`user:pass`,
 * `password: password`, `[PASSWORD]`, `your-api-key-here`). They stay visible, and are counted,
 * so a README or a config template reads as written. A real secret that merely holds the word
 * (`…k3EXAMPLEq9…`) is still a secret: the word must end the value or stand apart from the rest.
 */

/** Words a person writes where a secret would go; none is a secret on its own. */
const STAND_IN_WORDS = new Set([
  'your',
  'my',
  'the',
  'here',
  'goes',
  'insert',
  'enter',
  'put',
  'replace',
  'with',
  'change',
  'changeme',
  'me',
  'this',
  'example',
  'examples',
  'sample',
  'dummy',
  'fake',
  'test',
  'placeholder',
  'value',
  'secret',
  'password',
  'passwd',
  'pass',
  'pwd',
  'passphrase',
  'token',
  'key',
  'api',
  'apikey',
  'access',
  'auth',
  'user',
  'username',
  'name',
  'login',
  'client',
  'credential',
  'credentials',
  'private',
  'public',
  'app',
  'admin',
  'root',
  'foo',
  'bar',
  'baz',
  'some',
  'new',
  'default',
  'redacted',
  'hidden',
  'masked',
  'todo',
  'tbd',
  'demo',
  'mock',
  'basic',
  'bearer',
  'digest',
  'guest',
  'anonymous',
  'postgres',
  'string',
  'include',
  'omit',
  'same',
  'origin',
  'missing',
  'unset',
  'none',
  'empty',
  'invalid',
  'unknown',
  'undefined',
  'dev',
  'local',
]);

/** A provider's prefix (or none) and then words in angle brackets, spaces allowed. */
const PREFIXED_BRACKETED_WORDS = /^[A-Za-z0-9_.-]{0,16}<[A-Za-z][A-Za-z0-9 _.-]{0,60}>$/;
/**
 * Keys published to be used by everyone, as `AKIAIOSFODNN7EXAMPLE` is: the storage emulator's account
 * key (Azurite's, the Azure Storage Emulator's), which its documentation prints for every developer.
 */
const DOCUMENTED_KEYS = new Set([
  'Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==',
]);
/** Hexspeak words written out again and again (`deadbeefdeadbeef…`): a test's filler, not a key. */
const HEXSPEAK_REPEATED =
  /^(?:deadbeef|cafebabe|feedface|baadf00d|8badf00d|decafbad|deadc0de|facefeed|c0ffee)+$/i;

/** A run of one filler character: `xxxx`, `XXXX`, `0000`, `****`, `••••`, `####`. */
const FILLER_RUN = /^(?:[xX]+|0+|\*+|•+|#+|\.+)$/;
/** A short provider prefix before the filler, as in `AKIAXXXXXXXXXXXXXXXX`. */
const PREFIXED_FILLER = /^[A-Za-z0-9]{0,8}?(?:[xX]{8,}|0{8,}|\*{8,})$/;
/** `EXAMPLE` ending the value (`…EXAMPLE`, `…EXAMPLEKEY`), or `example` as a part of its own. */
const EXAMPLE_END = /EXAMPLE(?:KEY)?\d{0,3}$/;
/** Not a domain's label: `api.example.com` in a longer value says nothing about the rest. */
const EXAMPLE_PART = /(?:^|[^A-Za-z0-9.])example(?:$|[^A-Za-z.])/i;
const MAX_WORDS_LENGTH = 40;

const MAX_NOT_A_SECRET = 5;
/** Stand-ins in leetspeak and Basic credentials of stand-ins are short; longer values skip those reads. */
const MAX_LEET_LENGTH = 16;
const MAX_BASIC_LENGTH = 64;
const LEET_SIGN = /[@$0-9!]/;
/** `/run/secrets/app`, `./certs/client.key`: where a secret lives, in words, not a value. */
const WORDS_PATH = /^(?:~|\.{1,2})?(?:\/\.?[a-z0-9][a-z0-9._-]*){2,}\/?$/;

/** Whether `value` (a candidate's text) is an example or a stand-in, not a secret. */
export function isExampleValue(value: string): boolean {
  if (value.length === 0) return false;
  if (value.includes('-----BEGIN')) return isKeyFormatOnly(value);
  // `key-<your key>`, `ghp_<your token here>`: a prefix before words in angle brackets.
  if (PREFIXED_BRACKETED_WORDS.test(value)) return true;
  if (DOCUMENTED_KEYS.has(value)) return true;
  // A value with spaces in it is a block or a line (a key file, a Secret's data): never one stand-in.
  if (/\s/.test(value)) return false;
  // `12`, `N/A`, `null`, `en-US`, `-`: short and of one kind of character (`k-123` mixes them), or
  // no letter or digit at all.
  if (!/[A-Za-z0-9]/.test(value)) return true;
  if (value.length <= MAX_NOT_A_SECRET && !(/\d/.test(value) && /[A-Za-z]/.test(value)))
    return true;
  if (WORDS_PATH.test(value)) return true;
  const first = value.charCodeAt(0);
  if ((first === 91 || first === 123 || first === 40 || first === 60) && isBracketedWord(value))
    return true;
  if (
    value.length >= 8 &&
    (isSequence(value) ||
      isOneCharacter(value) ||
      isRepeated(value) ||
      HEXSPEAK_REPEATED.test(value))
  )
    return true;
  // `key-0123456789abcdef…`: a short prefix before a sequence, as docs show a key's length.
  const prefix = SHORT_PREFIX.exec(value)?.[0];
  if (prefix !== undefined && value.length - prefix.length >= 10) {
    const rest = value.slice(prefix.length);
    if (isSequence(rest) || isLongSequenceRepeated(rest)) return true;
  }
  if (
    PUBLISHABLE.test(value) ||
    TEMPLATE_TOKEN.test(value) ||
    NAME_OF_A_SECRET.test(value) ||
    isMasked(value)
  )
    return true;
  if (value.length >= 8 && value.length <= MAX_LEET_LENGTH && LEET_SIGN.test(value)) {
    if (isStandInWords(unLeet(value))) return true;
  }
  if (value.length <= MAX_BASIC_LENGTH && value.length % 4 !== 1 && isStandInBasic(value))
    return true;
  // One search for every sign an example shows, since this runs for every candidate of every text.
  // `https://hooks.slack.com/services/XXX/YYY/ZZZ`: an address whose every part is one letter over again.
  if (value.startsWith('http') && isLettersOverAgain(withoutUrlWords(value))) return true;
  if (EXAMPLE_SIGN.test(value)) {
    if (EXAMPLE_END.test(value) || EXAMPLE_PART.test(value) || isStandIn(value)) return true;
    const runs = withoutUrlWords(value)
      .split(/[^A-Za-z0-9*•#]+/)
      .filter((r) => r.length > 0);
    if (runs.length === 0 || isFiller(runs)) return true;
  }
  if (value.length <= MAX_WORDS_LENGTH && isStandInWords(value)) return true;
  if (isTruncated(value) || isMostlyPunctuation(value)) return true;
  return isPrefixedStandIn(value);
}

/**
 * Provider prefixes that say what a value would be (`ghp_`, `sk-ant-`, `xoxb-`, `SG.`), from the token
 * rules: those with a separator or a digit in them, or four characters of mixed case (`AIza`), so a
 * word such as `pat` or `AP` at a value's start is never one. Longest first.
 */
const STAND_IN_PREFIXES: readonly string[] = [
  ...new Set(TOKEN_RULES.flatMap((r) => r.prefixes ?? [])),
]
  .filter(
    (p) =>
      !/[\s/=$~]/.test(p) &&
      p.length >= 3 &&
      (/[-_.\d]/.test(p) || (p.length >= 4 && /[a-z]/.test(p) && /[A-Z]/.test(p))),
  )
  .sort((a, b) => b.length - a.length);
/** Fewer letters and digits than any provider's key has after its prefix. */
const MIN_BODY = 10;

/**
 * A provider's prefix and then no key: a stand-in (`ghp_<your-token-here>`, `xoxb-your-bot-token`,
 * `SG.<redacted>`) or a stub far too short to be one (`ghp_4fT9kQ2`, `glpat-12ab`), as docs write them.
 */
function isPrefixedStandIn(value: string): boolean {
  const prefix = STAND_IN_PREFIXES.find((p) => value.startsWith(p));
  if (prefix === undefined) return false;
  const rest = value.slice(prefix.length);
  if (rest.replace(/[^A-Za-z0-9]/g, '').length < MIN_BODY) return true;
  // Not every stand-in: a body of one letter over and over is a low-entropy key, still a secret.
  return (
    isBracketedWord(rest) ||
    isStandIn(rest) ||
    EXAMPLE_END.test(rest) ||
    (rest.length <= MAX_WORDS_LENGTH && isStandInWords(rest))
  );
}

/** `eyJhbGciOi...`: the start of a value cut short with an ellipsis, too little of it to be the value. */
const isTruncated = (value: string): boolean => /^[A-Za-z0-9_-]{1,12}(?:\.{3,}|…)$/.test(value);

/** `AIza$#!!@@??==%%&&**`: punctuation with a few letters, no generated value. */
const isMostlyPunctuation = (value: string): boolean =>
  value.length >= 12 && value.replace(/[^A-Za-z0-9]/g, '').length <= 4;

/** A URL's scheme and host, and its path's lower-case words (`/services/`): the address, not the key in it. */
const withoutUrlWords = (value: string): string =>
  /^[a-z][a-z0-9+.-]*:\/\//.test(value)
    ? value.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/, '').replace(/\/[a-z]+(?=\/)/g, '')
    : value;

/** `-----BEGIN PRIVATE KEY-----\n...\n-----END…`: a key block's frame around no key material. */
function isKeyFormatOnly(value: string): boolean {
  const body = value.replace(/-{4,5} ?(?:BEGIN|END)[ A-Z0-9]*-{4,5}/g, '').replace(/\\[nr]/g, ' ');
  return !/[A-Za-z0-9+/]{16}/.test(body);
}

/** What EXAMPLE_END, EXAMPLE_PART, STAND_IN_MARK and a filler run each need. */
const EXAMPLE_SIGN =
  /xample|XAMPLE|fake|dummy|placeholder|notreal|not[_-]a[_-]real|replace|change|insecure|sample|your|xxxx|0000|\*\*\*\*|••••|####|^[*•#.]+$/i;

/**
 * `aaaaaaaa`, `11111111`: one character over and over, with nothing before it. A known prefix makes
 * it a secret (`sk-proj-aaaa…`): that value has other characters, so it is not caught here.
 */
function isOneCharacter(value: string): boolean {
  const c = value.charCodeAt(0);
  for (let k = 1; k < value.length; k++) if (value.charCodeAt(k) !== c) return false;
  return true;
}

function isLettersOverAgain(path: string): boolean {
  const runs = path.split(/[^A-Za-z0-9]+/).filter((r) => r.length > 0);
  return runs.length > 0 && runs.every((r) => r.length >= 2 && isOneCharacter(r));
}

/**
 * A value that says it is not real: `fake-…`, `dummy_…`, `…_placeholder`, `replace-me`, `not-a-real-…`,
 * `YourApiKey`. The last apart (STAND_IN_WORD), without the `i` flag: under it the capital after `your`
 * would be any letter, and a random token that starts `yOUrf…` would stay visible.
 */
const STAND_IN_MARK =
  /^(?:fake|dummy|placeholder|sample|your|replace)(?:[^a-z]|$)|(?:^|[^A-Za-z0-9])(?:fake|dummy|placeholder|your|notreal|not[_-]a[_-]real|replace[_-]?me|change[_-]?(?:me|this|it)|insecure)(?:[^A-Za-z]|$)/i;
const STAND_IN_WORD = /^(?:Your|YOUR|your)[A-Z0-9]/;
const isStandIn = (value: string): boolean =>
  STAND_IN_MARK.test(value) || STAND_IN_WORD.test(value);

/** `0123456789`, `abcdefgh`, `0123456789abcdef`: each character the next of the one before, nearly throughout. */
export function isSequence(value: string): boolean {
  // One break where a run of digits turns into letters (`…789abc…`), or one in ten; stops at the
  // first break too many, which a random value reaches within a few characters.
  const allowed = Math.max(1, Math.floor(value.length / 10));
  let breaks = 0;
  for (let k = 1; k < value.length; k++)
    if (value.charCodeAt(k) !== value.charCodeAt(k - 1) + 1 && ++breaks > allowed) return false;
  return true;
}

/** Every long part of the value is filler, and there is one (`sk-proj-xxxx…`, `xoxb-0000-0000-xxxx`). */
function isFiller(runs: readonly string[]): boolean {
  if (runs.length === 0) return false;
  let filler = 0;
  for (const run of runs) {
    if (FILLER_RUN.test(run) || PREFIXED_FILLER.test(run)) filler += run.length;
    else if (run.length >= 6) return false;
  }
  return filler >= 6;
}

/**
 * `abcabcabc…`, `1234567890abcdef1234567890abcdef`: a short unit, or a sequence, written out again and
 * again. A random unit repeated is left alone: test fixtures build keys that way.
 */
function isRepeated(value: string): boolean {
  for (let period = 1; period <= value.length / 2 && period <= 32; period++) {
    let k = period;
    while (k < value.length && value.charCodeAt(k) === value.charCodeAt(k - period)) k++;
    if (k === value.length) return period <= 4 || breaksIn(value.slice(0, period)) <= 2;
  }
  return false;
}

/**
 * `0123456789abcdef0123456789abcdef`: a sequence of eight or more written out again, as docs show a
 * key's length after its prefix (`key-0123…`). A short unit (`abab…`, `aaaa…`) after a prefix is a
 * low-entropy key, not this.
 */
function isLongSequenceRepeated(value: string): boolean {
  for (let period = 1; period <= value.length / 2 && period <= 32; period++) {
    let k = period;
    while (k < value.length && value.charCodeAt(k) === value.charCodeAt(k - period)) k++;
    if (k === value.length) return period >= 8 && breaksIn(value.slice(0, period)) <= 2;
  }
  return false;
}

/** A provider's short prefix: `key-`, `sk_live_`, `xoxb-`. */
const SHORT_PREFIX = /^(?:[A-Za-z]{1,8}[-_.]){1,2}/;

/** Made to be shown: Stripe's publishable keys (its secret ones are `sk_`/`rk_`). */
const PUBLISHABLE = /^pk_(?:test|live)_[A-Za-z0-9]+$/;

/** How often a character is not the next of the one before: `1234567890abcdef` has two breaks. */
function breaksIn(value: string): number {
  let breaks = 0;
  for (let k = 1; k < value.length; k++)
    if (value.charCodeAt(k) !== value.charCodeAt(k - 1) + 1) breaks++;
  return breaks;
}

/** A template engine's slot: `@@DB_PASSWORD@@`, `__API_TOKEN__`, `%%SECRET%%`, `#{TOKEN}#`. */
const TEMPLATE_TOKEN = /^(@@?|__|%%|##|\$\$)[A-Za-z][\w.-]*\1$|^#\{[A-Za-z][\w.-]*\}#?$/;
/** An environment variable's name where its value would go: `api_key: OPENAI_API_KEY`. */
const NAME_OF_A_SECRET =
  /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*_(?:API_KEY|KEY|TOKEN|SECRET|PASSWORD|PASS|PWD|CREDENTIALS?|AUTH)(?:_[A-Z0-9]+)?$/;

/** `sk-...abcd`, `ghp_…1234`: a key shown masked, its middle cut to an ellipsis. */
function isMasked(value: string): boolean {
  if (!value.includes('...') && !value.includes('…')) return false;
  return value.split(/\.{3,}|…/).every((part) => part.replace(/[^A-Za-z0-9]/g, '').length <= 8);
}

/** `P@ssw0rd`, `Password1!`, `changeme123`: a stand-in word in leetspeak, maybe with a few digits and marks after. */
function unLeet(value: string): string {
  if (!/^[A-Za-z@$0-9!]+$/.test(value) || !/[A-Za-z]{2}/.test(value)) return value;
  const word = value.replace(/[0-9!$#]{1,4}$/, '');
  return word
    .replace(/@/g, 'a')
    .replace(/\$/g, 's')
    .replace(/0/g, 'o')
    .replace(/1/g, 'i')
    .replace(/3/g, 'e')
    .replace(/4/g, 'a')
    .replace(/5/g, 's')
    .replace(/7/g, 't');
}

/** `Basic dXNlcjpwYXNz` (base64 of `user:pass`): a credential whose password is itself a stand-in; or a stand-in word encoded. */
function isStandInBasic(value: string): boolean {
  if (value.length < 8 || !/^[A-Za-z0-9+/]+={0,2}$/.test(value)) return false;
  let decoded: string;
  try {
    decoded = atob(value);
  } catch {
    return false;
  }
  const colon = decoded.indexOf(':');
  if (!/^[\x20-\x7e]+$/.test(decoded)) return false;
  // `Zm9vYmFy`, `cGFzc3dvcmQ=`: a stand-in word encoded, with no pair in it.
  if (colon === -1) return decoded.length <= MAX_WORDS_LENGTH && isStandInWords(decoded);
  const password = decoded.slice(colon + 1);
  return (
    password.length === 0 ||
    password === decoded.slice(0, colon) ||
    (!password.includes(':') && isExampleValue(password))
  );
}

/** `[PASSWORD]`, `{token}`, `(secret)`: a word in brackets names what goes there. */
const isBracketedWord = (value: string): boolean =>
  /^(?:\[[A-Za-z_ -]+\]|\{[A-Za-z_ -]+\}|\([A-Za-z_ -]+\)|<[A-Za-z_ -]+>)$/.test(value);

/**
 * Only stand-in words, written apart (`your-api-key`, `YOUR_TOKEN_HERE`, `apiKey`, `username:token`) or
 * run together (`yourpassword`).
 */
function isStandInWords(value: string): boolean {
  if (/[^A-Za-z_ .:-]/.test(value)) return false;
  const parts = value
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((p) => p.length > 0);
  return parts.length > 0 && parts.every(splitsIntoWords);
}

/** Whether a lower-case word is stand-in words run together, by a walk over its prefixes. */
function splitsIntoWords(word: string): boolean {
  if (STAND_IN_WORDS.has(word)) return true;
  const ends = new Uint8Array(word.length + 1);
  ends[0] = 1;
  for (let i = 0; i < word.length; i++) {
    if (ends[i] === 0) continue;
    for (let j = i + 2; j <= word.length; j++)
      if (STAND_IN_WORDS.has(word.slice(i, j))) ends[j] = 1;
  }
  return ends[word.length] === 1;
}
