import { AI_AND_CLOUD_RULES } from './rules/ai-and-cloud.rules';
import { AUTH_RULES } from './rules/auth.rules';
import { COMMS_AND_PAYMENTS_RULES } from './rules/comms-and-payments.rules';
import { DEVTOOLS_RULES } from './rules/devtools.rules';
import type { TokenRule } from './rules/token-rule';

// Order matters only where two shapes start at the same place: the first accepted wins
// (Square's EAAA before Meta's EAA, Anthropic's sk-ant- before OpenAI's sk-).
export const TOKEN_RULES: readonly TokenRule[] = [
  ...AI_AND_CLOUD_RULES,
  ...DEVTOOLS_RULES,
  ...COMMS_AND_PAYMENTS_RULES.filter((r) => r.kind === 'square_token'),
  ...COMMS_AND_PAYMENTS_RULES.filter((r) => r.kind !== 'square_token'),
  ...AUTH_RULES,
];
