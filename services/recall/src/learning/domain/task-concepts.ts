import stem from 'wink-porter2-stemmer';

/**
 * What a developer's request is about, as one of a few kinds of trouble or change that people name
 * in many words (docs/learning.md, "What a session attempted"): "slow", "sluggish" and "takes
 * forever" are one complaint; "crashes", "dies" and "panics" another. Two attempts at one task a
 * month apart are often worded anew by another person; the kind of trouble they describe stays.
 * General software vocabulary (WordNet knows "sluggish" for "slow" but not "panic" for "crash"),
 * matched on Porter2 stems of the words the person used and the words of the errors hit.
 */
const TROUBLES: Record<string, string> = {
  slow:
    'slow slower slowly sluggish laggy lag latency perf performance speed faster forever ' +
    'bottleneck optimize optimise optimization optimisation',
  hang:
    'hang hangs hung stuck freeze freezes frozen timeout timeouts timed deadline unresponsive ' +
    'spinner spinning',
  crash:
    'crash crashes crashed crashing dies died dying panic panics panicked segfault sigsegv sigkill ' +
    'abort aborts killed fatal restarts exc_bad_access',
  memory: 'memory oom heap leak leaks leaking ram gib mib',
  duplicate:
    'duplicate duplicates duplicated twice double doubled dedupe deduplicate idempotent idempotency',
  flaky: 'flaky flake flakes flaking intermittent intermittently nondeterministic randomly race',
  upgrade: 'upgrade upgrading bump bumping major deprecated deprecation',
  appearance:
    'dark theme colour color colours colors contrast palette styling flash flashes flicker',
};

/**
 * Areas of an app rather than troubles in it: one more admin page or one more translation is the
 * same kind of work, but two failures in the sign-in code are often at different tasks (a key
 * rotation, a token not revoked), so only skill discovery reads them (docs/learning.md).
 */
const AREAS: Record<string, string> = {
  auth:
    'auth authentication authorization unauthorized unauthenticated login logout signin signout ' +
    'logged password credentials token tokens jwt forbidden',
  mail: 'email emails mail mails inbox smtp deliver delivered delivery notification notifications',
  locale:
    'translate translation translations localization localisation localize localise locale i18n ' +
    'l10n language',
  admin: 'admin backoffice dashboard crud manage manageable scaffold',
};

const index = (lists: Record<string, string>): ReadonlyMap<string, string> =>
  new Map(
    Object.entries(lists).flatMap(([concept, words]) =>
      words.split(' ').map((word) => [stem(word), concept] as const),
    ),
  );
const troubleOf = index(TROUBLES);
const areaOf = index(AREAS);

/**
 * The kinds of trouble or change a text's stems name (`stems` of learning-session.ts), and with
 * `areas` the areas of the app they name.
 */
export function conceptsOf(stems: Iterable<string>, areas = true): Set<string> {
  const found = new Set<string>();
  for (const word of stems) {
    const concept = troubleOf.get(word) ?? (areas ? areaOf.get(word) : undefined);
    if (concept) found.add(concept);
  }
  return found;
}
