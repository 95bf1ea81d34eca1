import { parse, sentencesOf, termsOf, type Doc, type Term } from './nlp';

/**
 * What a developer settles in conversation with a coding agent (docs/memory-facts.md, "Coding talk"):
 * a decision (a tool, design or approach chosen, dropped or put off), a convention (a rule of the
 * project: "always run the linter before pushing", "never use yarn here") or a preference about how
 * they like to work ("I prefer named exports"). Everything else a developer types to an agent (requests,
 * reactions, questions, pasted output) is work in progress, not memory.
 */
export type DeveloperStatementKind = 'decision' | 'convention' | 'preference';
/** The decision memory's stances (docs/coding-memory.md): a convention's "never" is a rejection, its "always" a choice. */
export type DeveloperStance = 'chose' | 'rejected' | 'deferred';

export interface DeveloperStatement {
  kind: DeveloperStatementKind;
  stance: DeveloperStance;
  /** What it is about: "pnpm over yarn", "run the linter before pushing". */
  topic: string;
  /** The reason given, when one is ("because of workspace speed"). */
  reason?: string;
  /** The statement as one self-contained sentence, as the memory keeps it. */
  content: string;
}

const wordSet = (words: string): Set<string> => new Set(words.split(/\s+/).filter(Boolean));

/**
 * Words only software work uses: a session whose person says them often talks shop (see talksShop in
 * person-facts). Kept as plain words, one per entry.
 */
const SHOP_WORDS =
  wordSet(`lint linter linters linting eslint prettier typecheck tsc typescript javascript js ts nodejs npm pnpm
  yarn bun deno npx dependency dependencies deps lockfile library libraries framework frameworks async await api apis endpoint
  endpoints graphql grpc http https json yaml toml schema schemas migration migrations database databases db sql postgres postgresql
  mysql sqlite redis mongo mongodb orm typeorm prisma drizzle sequelize commits rebase rebasing squash pr prs git github gitlab
  bitbucket ci pipeline pipelines deploy deploys deploying deployment deployments semver changelog docker dockerfile kubernetes k8s
  helm config configs configuration env repo repos repository repositories codebase monorepo monorepos refactor refactoring
  microservice microservices frontend backend css scss html react vue angular svelte nextjs nestjs fastify koa jest vitest mocha chai
  cypress playwright puppeteer webpack vite esbuild rollup babel swc python pip golang rust cargo kotlin gradle maven php docstring
  docstrings readme indentation semicolons camelcase mocking e2e typings jsx tsx uuid uuids sdk cli makefile stdout stderr regex
  middleware dto dtos nats kafka rabbitmq protobuf websocket websockets idempotent idempotency mutex gitignore husky precommit
  pre-commit lint-staged commitlint tsconfig eslintrc prettierrc vscode ide debugger zod joi yup tailwind storybook nx turborepo lerna
  conda venv terraform aws gcp azure oauth jwt ternary ternaries`);

/**
 * Words of the trade: a statement is a developer's only when it names something of software work, as a
 * word of the shop, one of these (which other talk uses too) or a token shaped like code (codeShaped).
 */
const TRADE_WORDS = wordSet(`${[...SHOP_WORDS].join(' ')}
  test tests testing tested spec specs unit integration format formatter formatting type types typing node package packages lib libs
  module modules import imports export exports function functions class classes method methods interface interfaces enum enums
  variable variables const promise promises callback callbacks route routes router rest csv query queries index indexes indices table
  tables column columns commit committing branch branches merge merges merging pull push pushing main master cd build builds building
  release releases releasing version versions versioning container containers compose environment environments staging production prod
  workspace workspaces code file files folder folders directory directories log logs logging logger error errors exception exceptions
  stack bug bugs feature features flag flags cache caching queue queues service services server servers client clients ui ux nest
  express go java ruby rails poetry comment comments docs documentation naming tabs spaces quotes kebab snake hooks mock mocks stub
  stubs fixture fixtures snapshot snapshots coverage benchmark benchmarks lambda secrets token tokens auth authentication authorization
  cookie cookies timestamp timestamps utc script scripts cron worker workers thread threads sync null undefined optional validation
  validator monolith linux macos windows bash shell zsh terminal editor vim debugging breakpoint console payload request requests
  response responses header headers controller controllers component components props state store redux zustand hook generics
  decorator decorators annotation annotations entity entities proto sse pagination cursor retry retries timeout timeouts transaction
  transactions lock locks concurrency parallel serial rollback upgrade downgrade pin pinned pinning bump patch minor major
  conventional return returns loop loops conditional conditionals recursion closure closures inheritance composition abstraction
  abstractions getter getters setter setters constructor constructors argument arguments parameter parameters params array arrays
  object objects string strings boolean booleans integer integers tuple tuples struct structs pointer pointers heap sharding shard
  shards id ids latency throughput performance perf replica replicas emoji emojis indent linebreaks`);

/** `src/auth.ts`, `@scope/pkg`, `--frozen-lockfile`, `camelCase`, `snake_case`, `ENV_VAR`, `/v1`: shaped like code ("e.g", "24/7" are not). */
function codeShaped(token: string): boolean {
  return (
    /^[\w/@~-]*[\w-]+(?:\.[a-z][\w-]+)+$/i.test(token) ||
    /^[@.~]?[\w.-]*[a-z][\w.-]*(?:\/[\w.-]+){2,}$/i.test(token) ||
    /^[@.~/][\w.-]*[a-z][\w.-]*(?:\/[\w.-]+)*$/i.test(token) ||
    /^--?[a-z][\w-]+$/.test(token) ||
    /^[a-z]+[A-Z]\w*$/.test(token) ||
    /^[a-z]+_[a-z_]+$/.test(token) ||
    /^[A-Z]{2,}_[A-Z_]+$/.test(token) ||
    /`/.test(token)
  );
}

const wordsOf = (text: string): string[] =>
  text
    .split(/\s+/)
    .map((w) => w.replace(/^["'(“‘[]+|["')”’\].,;:!?]+$/g, ''))
    .filter(Boolean);

/** The statement names something of software work. */
export function isTradeTalk(text: string): boolean {
  return wordsOf(text).some((w) => codeShaped(w) || TRADE_WORDS.has(w.toLowerCase()));
}

/** The statement names something only software work names: a word of the shop or code itself. */
export function isShopTalk(text: string): boolean {
  return wordsOf(text).some((w) => codeShaped(w) || SHOP_WORDS.has(w.toLowerCase()));
}

/** Claude Code's wrappers and markers: injected context and command echoes, never the developer's words. */
const WRAPPER_BLOCK =
  /<(system-reminder|command-name|command-message|command-args|local-command-stdout|local-command-stderr|user-prompt-submit-hook|bash-input|bash-stdout|bash-stderr)>[\s\S]*?<\/\1>/g;
const MARKERS = /\[Request interrupted by user[^\]]*\]/g;
/** A line of pasted output: a stack frame, an error's headline, a log line, a shell prompt, a diff or JSON line. */
const PASTED_LINE =
  /^\s*(?:at\s+\S+.*:\d+(?::\d+)?\)?|[A-Z]\w*(?:Error|Exception)\b.*|error(?:\[\w+\])?:.*|error TS\d+.*|(?:npm|yarn|pnpm) (?:ERR|WARN).*|\$ .*|[{}\]].*|\[\s*[{"\d].*|\d{4}-\d\d-\d\d[T ]\d\d:\d\d.*|(?:DEBUG|INFO|WARN|ERROR|FATAL)\b.*)$|^\s{4,}\S/;

/**
 * The prose of a developer's turn: fenced and inline code blocks, Claude Code's wrappers and
 * interrupt markers, and pasted lines of output taken out; what is left is what they said.
 */
export function proseOf(text: string): string {
  return text
    .replace(/```[\s\S]*?(?:```|$)/g, '\n')
    .replace(WRAPPER_BLOCK, '\n')
    .replace(MARKERS, ' ')
    .split('\n')
    .filter((line) => !PASTED_LINE.test(line))
    .join('\n')
    .trim();
}

/** Words that open a sentence without being part of what it says. */
const OPENERS = new Set(
  'ok okay so and also but well alright right yes yeah yep cool great fine nice oh ah hmm hm um uh nah btw fyi please plus then actually honestly anyway one more thing note important reminder heads up'.split(
    ' ',
  ),
);

/** Verbs of something dropped: "we dropped", "ruled out", "moved away from". */
const DROP =
  '(dropped|drop|ditched|ditch|removed|remove|rejected|reject|abandoned|abandon|scrapped|scrap|killed|kill|deprecated|deprecate|banned|ban|reverted|revert|replaced|replace)';
/** Verbs of something put off: "let's defer", "we parked". */
const DEFER =
  '(deferred|defer|postponed|postpone|parked|park|punted|punt|shelved|shelve|tabled|table|paused|pause)';
/** After "don't": what one tells someone who worries, not a rule of the project. */
const NOT_A_RULE = new Set(
  'worry bother mind panic know think care forget wait stress sweat hesitate apologize apologise be'.split(
    ' ',
  ),
);
/** Words that make an instruction last: a rule, not a request for now. */
const LASTING =
  '(always|never|from now on|going forward|moving forward|in future|in the future|from here on|every time|each time|whenever|by default|at all times|as a rule|in this repo|in this project|in this codebase|in this code base|in this team|across the repo|across the codebase|across the project)';

const REASON_AT =
  /\s*(?:,\s*)?\b(?:because|since|as it|as they|so that|so we|due to|given that|which means|to avoid|to keep)\b|\s[—–-]\s|:\s|;\s/i;
const ALTERNATIVE_AT = /\s+\b(?:over|instead of|rather than|in favou?r of|not)\b\s+/i;

const capitalized = (s: string): string => (s ? s.charAt(0).toUpperCase() + s.slice(1) : s);
const endStop = (s: string): string => (/[.!?]$/.test(s) ? s : `${s}.`);
const trimPhrase = (s: string): string =>
  s
    .replace(/^[\s,:;]+|[\s,.;:!?]+$/g, '')
    .replace(/^(?:to|on|with|for|the|a|an)\s+/i, '')
    .trim();

/** What follows the cue, cut at its reason: topic and reason. */
function topicAndReason(after: string): { topic: string; reason?: string } {
  const reasonAt = REASON_AT.exec(after);
  const topic = trimPhrase(reasonAt ? after.slice(0, reasonAt.index) : after);
  const reason = reasonAt
    ? after
        .slice(reasonAt.index)
        .replace(/^[\s,;:—–-]+/, '')
        .replace(/[\s.!]+$/, '')
    : undefined;
  return { topic, ...(reason ? { reason } : {}) };
}

/** The statement's words from the first one that is not an opener ("OK, so never use yarn" → "never use yarn"). */
function withoutOpeners(sentence: string): string {
  let rest = sentence.trim().replace(/^[-*•>]+\s*/, '');
  for (;;) {
    const match = /^([\w']+)[,!]?\s+/.exec(rest);
    // "no, I prefer fake timers": a "no" that answers, not the "no" of "no default exports".
    const answeringNo = /^no,\s/i.test(rest);
    if (!match || !(OPENERS.has((match[1] ?? '').toLowerCase()) || answeringNo)) break;
    // "one more thing:", "heads up:" are two words; the loop takes them one at a time.
    rest = rest.slice(match[0].length).replace(/^[:,-]\s*/, '');
  }
  return rest.replace(/^(?:more thing|up)\s*[:,-]\s*/i, '');
}

/** The index in `text` where a compromise match ends, found by its text. */
function after(text: string, doc: Doc, pattern: string): string | null {
  const match = doc.match(pattern).first();
  if (!match.found) return null;
  const said = match.text().trim();
  const at = text.toLowerCase().indexOf(said.toLowerCase());
  return at < 0 ? null : text.slice(at + said.length);
}

const isQuestion = (text: string, doc: Doc): boolean =>
  text.endsWith('?') ||
  doc.questions().found ||
  doc.has(
    '^(can|could|would|will|should|shall|do|does|did|is|are|was|were|have|has|what|why|how|which|where|when|who) #Pronoun',
  );

/** The first word a tagged term stands for ("don't" → "don"). */
const wordOf = (term: Term | undefined): string => term?.normal.replace(/['’].*$/, '') ?? '';

/**
 * One sentence of a developer's as a decision, convention or preference, or null: a request for now,
 * a reaction, a question or anything that names nothing of software work is not one.
 */
export function readDeveloperStatement(raw: string): DeveloperStatement | null {
  const text = withoutOpeners(raw.replace(/\s+/g, ' ').trim()).replace(/^please\s+/i, '');
  if (text.length < 8 || text.length > 400 || !isTradeTalk(text)) return null;
  const doc = parse(text);
  if (isQuestion(text, doc)) return null;
  return preference(text, doc) ?? decision(text, doc) ?? convention(text, doc) ?? null;
}

function statement(
  kind: DeveloperStatementKind,
  stance: DeveloperStance,
  text: string,
  rest: string | null,
): DeveloperStatement | null {
  const { topic, reason } = topicAndReason(rest ?? text);
  if (!topic || !isTradeTalk(`${topic} ${reason ?? ''}`)) return null;
  return {
    kind,
    stance,
    topic,
    ...(reason ? { reason } : {}),
    content: endStop(capitalized(text.replace(/[\s,;:]+$/, ''))),
  };
}

/** "I prefer named exports", "I'd rather keep tests next to the code", "I hate default exports". */
function preference(text: string, doc: Doc): DeveloperStatement | null {
  const cue =
    '^(i|we) #Adverb? (really|strongly|generally|usually|much|definitely|personally)? (prefer|like|love|hate|dislike|detest|loathe|enjoy|favor|favour)';
  const against =
    doc.has('^(i|we) #Adverb? (hate|dislike|detest|loathe)') ||
    doc.has('^(i|we) #Adverb? do not (like|want|love|need|use)');
  const rest =
    after(text, doc, cue) ??
    after(text, doc, '^(i|we) (would|had) #Adverb? rather') ??
    after(text, doc, '^(i|we) would #Adverb? (prefer|like) (it|that)? if') ??
    after(text, doc, '^(i|we) would #Adverb? prefer') ??
    after(text, doc, '^(i|we) do not (like|want|love)') ??
    after(
      text,
      doc,
      '^my (preference|choice|favorite|favourite|go-to|default) (is|are|would be)',
    ) ??
    after(text, doc, '^i am (a|not a)? #Adjective? (fan|believer) of') ??
    after(text, doc, '^i (always|never|usually) (use|write|run|put|keep|prefer|avoid)');
  if (rest === null) return null;
  const fact = statement('preference', against ? 'rejected' : 'chose', text, rest);
  return fact;
}

/** "We chose pnpm over yarn because …", "let's keep the API under /v1", "we dropped GraphQL", "sharding can wait". */
function decision(text: string, doc: Doc): DeveloperStatement | null {
  const subject =
    '^(we|i|the team|team) (have|had|will|are|am)? #Adverb? (just|finally|already|now)?';
  const lets = '^(let us|lets) #Adverb?';
  // Put off, dropped, then chosen: "decided against" and "decided to drop" are rejections before they are choices.
  const deferred =
    after(text, doc, `${subject} (decided|agreed) to ${DEFER}`) ??
    after(text, doc, `${subject} ${DEFER}`) ??
    after(text, doc, `${lets} ${DEFER}`) ??
    after(text, doc, `${lets} (leave|save) `) ??
    after(text, doc, `${lets} hold off on`) ??
    after(text, doc, `${subject} (holding|hold) off on`) ??
    (doc.has('(can wait|for later|revisit #Pronoun? later|not now|not yet|for now|until later)') &&
    (doc.has(`${lets} (skip|leave|hold off|wait)`) ||
      doc.has(`${subject} (skip|leave|hold off|wait)`))
      ? text
      : null);
  if (deferred !== null)
    return statement('decision', 'deferred', text, deferred === text ? text : deferred);
  const dropped =
    after(text, doc, `${subject} (decided|agreed|chose) (against|not to use|not to)`) ??
    after(text, doc, `${subject} (decided|agreed) to ${DROP}`) ??
    after(
      text,
      doc,
      `${subject} (ruled out|moved away from|got rid of|gave up on|walked away from)`,
    ) ??
    after(text, doc, '^(we|i) no longer (use|need|support|run|ship|want)') ??
    after(
      text,
      doc,
      `${subject} (will not|are not going to|not going to|no longer) (use|need|support)`,
    ) ??
    after(text, doc, `${subject} ${DROP}`) ??
    after(
      text,
      doc,
      `${lets} (not use|drop|ditch|remove|get rid of|stop using|move away from|avoid)`,
    );
  if (dropped !== null) return statement('decision', 'rejected', text, dropped);
  const chosen =
    after(
      text,
      doc,
      `${subject} (decided|agreed) (on|to go with|to use|to keep|to switch to|to move to|to adopt|to standardize on|to stick with|that)`,
    ) ??
    after(text, doc, `${subject} (went|going|go) with`) ??
    after(text, doc, `${subject} (settled|standardized|standardised) on`) ??
    after(
      text,
      doc,
      `${subject} (switched|moved|migrated|moving|switching|migrating) (to|over to)`,
    ) ??
    // "We moved from Jest to Vitest": the one moved to is the choice, the one left its rejection.
    after(
      text,
      doc,
      `${subject} (switched|moved|migrated|moving|switching|migrating) from (#Noun|#ProperNoun|#Acronym|#Adjective)+ (to|over to)`,
    ) ??
    after(text, doc, `${subject} (chose|chosen|picked|selected|opted for|adopted)`) ??
    after(text, doc, `${subject} (sticking|stick|stuck) with`) ??
    after(
      text,
      doc,
      `${lets} (go with|use|keep|stick with|switch to|move to|standardize on|adopt|settle on|pick|choose)`,
    ) ??
    after(text, doc, `${lets} (switch|move|migrate)`) ??
    after(text, doc, '^(the|our) (decision|choice|plan|call) (is|was) (to)?') ??
    (doc.has('it is$') || /\bit is[.!]*$/i.test(text) ? text.replace(/\s+it is[.!]*$/i, '') : null);
  if (chosen !== null) return statement('decision', 'chose', text, chosen);
  return null;
}

/** "Never use yarn here", "always run lint before you push", "from now on, squash-merge every PR", "don't use default exports". */
function convention(text: string, doc: Doc): DeveloperStatement | null {
  const terms = termsOf(doc).filter((t) => t.normal.length > 0);
  const first = terms[0];
  const lasting = doc.has(LASTING);
  const lead = wordOf(first);
  // A negated instruction: "don't", "do not", "never", "no more", "stop", "avoid".
  const negated =
    ['never', 'avoid', 'stop'].includes(lead) ||
    /^(?:don'?t|do not|no more|please don'?t)\b/i.test(text);
  if (negated) {
    const verb = terms.find(
      (t, i) => i > 0 && t.tags.includes('Verb') && !t.tags.includes('Auxiliary'),
    );
    if (lead !== 'never' && lead !== 'avoid' && NOT_A_RULE.has(wordOf(verb))) return null;
    if (lead === 'stop' && !lasting && !doc.has('^stop #Gerund')) return null;
    const rest = text.replace(
      /^(?:please\s+)?(?:don'?t|do not|never|no more|avoid|stop)\s+(?:ever\s+)?/i,
      '',
    );
    return statement('convention', 'rejected', text, rest);
  }
  // An instruction that lasts: "always …", "from now on …", "make sure to … before …".
  const imperative =
    (first?.tags.includes('Imperative') ?? false) ||
    (first?.tags.includes('Infinitive') ?? false) ||
    [
      'always',
      'from',
      'going',
      'moving',
      'whenever',
      'every',
      'each',
      'in',
      'by',
      'make',
      'remember',
      'keep',
      'prefer',
      'use',
    ].includes(lead);
  if (imperative && lasting && !doc.has('^(let me|let us|lets)')) {
    const rest = text
      .replace(
        new RegExp(
          `^${'(?:from now on|going forward|moving forward|in (?:the )?future|from here on|by default|as a rule)'},?\\s*`,
          'i',
        ),
        '',
      )
      .replace(/^always\s+/i, '');
    return statement('convention', /\bnever\b/i.test(text) ? 'rejected' : 'chose', text, rest);
  }
  // "Use X, not Y", "prefer X over Y": a choice between two, said as an instruction.
  if ((lead === 'use' || lead === 'prefer') && ALTERNATIVE_AT.test(text))
    return statement('convention', 'chose', text, text.replace(/^(?:use|prefer)\s+/i, ''));
  // "Make sure to run X before Y", "remember to bump the version when …": a standing step.
  if (
    doc.has('^(make sure|remember|be sure) (to|you|that)') &&
    doc.has('(before|after|when|whenever|every|each|always)')
  )
    return statement(
      'convention',
      'chose',
      text,
      text.replace(/^(?:make sure|remember|be sure)\s+(?:to|you|that)\s+/i, ''),
    );
  // "We always squash-merge", "our team never force-pushes", "every PR needs a test", "tests must …".
  if (doc.has('^(we|our team|the team|this repo|this project) #Adverb? (always|never)'))
    return statement(
      'convention',
      doc.has('never') ? 'rejected' : 'chose',
      text,
      text.replace(/^(?:we|our team|the team|this repo|this project)\s+(?:\w+ly\s+)?/i, ''),
    );
  if (
    doc.has(
      "^(every|each|all|any|no) #Noun+ (must|should|needs to|need to|has to|have to|must not|should not|shouldn't|mustn't|gets|get|goes|go)",
    )
  )
    return statement(
      'convention',
      doc.has('^no') || doc.has('(must not|should not)') ? 'rejected' : 'chose',
      text,
      text,
    );
  if (
    doc.has('^#Noun+ (must|should) (always|never|not)?') &&
    doc.has('(always|never|must)') &&
    !doc.has('#Pronoun')
  )
    return statement('convention', doc.has('(never|not)') ? 'rejected' : 'chose', text, text);
  if (doc.has('^(the|our) (rule|convention|policy|standard) (is|here is)'))
    return statement(
      'convention',
      'chose',
      text,
      after(text, doc, '^(the|our) (rule|convention|policy|standard) (is|here is)'),
    );
  return null;
}

/** Where one sentence says two things: "…; never use yarn", "I prefer X, and always run Y". */
const CLAUSE_BREAK =
  /;\s+|\s+—\s+(?=[A-Za-z])|,?\s+(?:and|but)\s+(?=(?:always|never|don't|do not|please|let's|we (?:chose|decided|dropped|went|agreed))\b)/i;

/**
 * A developer's turn read for what it settles: its prose (code, wrappers and pasted output left out)
 * split into sentences, and clauses joined by ";" read one by one. Equal statements count once.
 */
export function developerStatements(text: string): DeveloperStatement[] {
  const out: DeveloperStatement[] = [];
  const seen = new Set<string>();
  for (const sentence of sentencesOf(proseOf(text))) {
    for (const clause of sentence.split(CLAUSE_BREAK)) {
      const found = readDeveloperStatement(clause);
      if (!found) continue;
      const key = found.content.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(found);
    }
  }
  return out;
}

/** The memory type a statement is kept under: a project's decisions and conventions are decisions. */
export const factTypeOfStatement = (s: DeveloperStatement): 'decision' | 'preference' =>
  s.kind === 'preference' ? 'preference' : 'decision';

/**
 * The statement as a memory's text: a note about the person when they spoke of themselves ("I prefer
 * named exports" → "Prefers named exports."), a project's rule as said, "let's" left out.
 */
export function noteOfStatement(
  s: DeveloperStatement,
  thirdPerson: (text: string) => string,
): string {
  const text = s.content.replace(/^(?:let's|lets|let us)\s+/i, '');
  const note = /^I\b/.test(text) ? thirdPerson(text) : text;
  return endStop(capitalized(note));
}

/** A session whose person mostly talks shop: at least this share of their sentences name software work. */
export const CODING_TALK_SHARE = 0.5;
