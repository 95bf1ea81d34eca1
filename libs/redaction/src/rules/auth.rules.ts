import { B, decodesTo, hasDigit, type TokenRule } from './token-rule';

/** Basic credentials are base64 of `user:pass`; decoding keeps prose like "Basic Configuration" out. */
const isBasicCredential = (s: string): boolean => decodesTo(s, (d) => d.includes(':'));

export const AUTH_RULES: readonly TokenRule[] = [
  // Signed (three parts), unsigned (an empty third part, or none: the signature cut off) and encrypted
  // (five parts) JWTs.
  {
    kind: 'jwt',
    prefixes: ['eyJ'],
    pattern: String.raw`${B}eyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}(?:\.[A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)?)?`,
  },
  {
    kind: 'jwt',
    prefixes: ['eyJ'],
    pattern: String.raw`${B}eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{0,}\.[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}`,
  },
  // A JWT that was base64-encoded once more ("eyJ" becomes "ZXlK").
  {
    kind: 'jwt',
    prefixes: ['ZXlK'],
    pattern: `${B}ZXlK[A-Za-z0-9+/]{40,}={0,2}`,
    accept: (s) =>
      decodesTo(
        s.slice(0, s.length - (s.length % 4)),
        (d) => d.startsWith('eyJ') && d.includes('.'),
      ),
  },
  {
    kind: 'bearer_token',
    prefixes: ['Bearer ', 'bearer ', 'Bearer\t', 'BEARER '],
    pattern: String.raw`${B}(?:[Bb]earer|BEARER)[ \t]+(?<secret>[A-Za-z0-9._~+/-]{16,}=*)`,
    accept: (s) => hasDigit(s) || /[a-z][A-Z]/.test(s),
  },
  {
    kind: 'bearer_token',
    prefixes: ['SSWS ', 'Token token=', 'GenieKey '],
    pattern: String.raw`${B}(?:SSWS|Token token=|GenieKey)[ \t]*"?(?<secret>[A-Za-z0-9._~+/-]{16,}=*)`,
    accept: hasDigit,
  },
  // A JWT sent under the Basic scheme is a JWT, whole: the Basic shape below would stop at its first dot.
  {
    kind: 'jwt',
    prefixes: ['Basic ', 'basic ', 'Basic\t', 'BASIC '],
    pattern: String.raw`${B}(?:[Bb]asic|BASIC)[ \t]+(?<secret>eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_.-]+)`,
  },
  {
    kind: 'basic_auth',
    prefixes: ['Basic ', 'basic ', 'Basic\t', 'BASIC '],
    pattern: String.raw`${B}(?:[Bb]asic|BASIC)[ \t]+(?<secret>[A-Za-z0-9+/]{8,}={0,2})(?![A-Za-z0-9+/=])`,
    accept: isBasicCredential,
  },
  // Oracle thin JDBC URLs carry "user/password@host".
  {
    kind: 'connection_string',
    prefixes: ['jdbc:oracle:'],
    pattern: String.raw`jdbc:oracle:(?:thin|oci):[^/\s:@'"]+/(?<secret>[^@\s'"]+)@`,
  },
];
