/**
 * The offline core profile's quality (docs/profile.md): for each person, their artifacts go through the
 * profile service's path (newest first, within the input cap) into the offline adapter's synthesis, and
 * the profile is read against the labels of the person who wrote the artifacts:
 * - main goals: the share of artifacts whose main goal the profile names (every keyword of the goal,
 *   compared by Porter2 stem);
 * - themes: the share of the labelled recurring topics the profile names, and the profiles whose themes
 *   line holds a stop word or a time word (aim: none);
 * - length: the profiles within 600–1,200 characters (aim: all).
 * The dev split (tests/bench/data/profile-quality) is ours to read and tune on; the blind split
 * (tests/bench/blind/profile) was written by a session that never read the profile code, and is scored
 * in aggregate only; BENCH_DEV_ONLY=1 leaves it out while a rule is being written.
 * Run: npm run bench:profile
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eng } from 'stopword';
import stem from 'wink-porter2-stemmer';
import { artifactSources, synthesizeProfile } from '@mnemo/llm';

interface Artifact {
  title: string;
  kind: string;
  content: string;
  mainGoal: { text: string; keywords: string[] };
}
interface Person {
  person: string;
  register: string;
  artifacts: Artifact[];
  themes: string[];
}

const SPLITS: ReadonlyArray<{ name: string; dir: string; blind: boolean }> = [
  { name: 'dev', dir: path.join(__dirname, 'data/profile-quality'), blind: false },
  { name: 'blind', dir: path.join(__dirname, 'blind/profile'), blind: true },
];
/** The profile service's default input cap (MNEMO_PROFILE_INPUT_MAX_CHARS). */
const INPUT_MAX_CHARS = 60_000;
/** Words no reader would call a theme: the bench's own list, apart from the product's. */
const TIME_WORDS = new Set(
  'time times year years month months week weeks day days today tomorrow morning mornings evening evenings night nights weekend weekends hour hours decade decades moment now then ago always never sometimes'.split(
    ' ',
  ),
);
const STOP_WORDS = new Set(eng);

function load(dir: string): Person[] | null {
  if (!existsSync(dir)) return null;
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Person);
}

const stems = (text: string): Set<string> =>
  new Set((text.toLowerCase().match(/[a-z0-9]+/g) ?? []).map((word) => stem(word)));

/** Every keyword's stem is among the text's (a keyword of several words needs all of them). */
const names = (text: Set<string>, keywords: readonly string[]): boolean =>
  keywords.every((keyword) => [...stems(keyword)].every((s) => text.has(s)));

/** The offline profile's themes line ("- Keeps coming back to a, b and c."); none when it has none. */
function themesLine(profile: string): string {
  return profile.split('\n').find((line) => line.startsWith('- Keeps coming back to ')) ?? '';
}

interface Score {
  people: number;
  artifacts: number;
  goalsNamed: number;
  themes: number;
  themesNamed: number;
  badThemeProfiles: number;
  inLength: number;
  meanLength: number;
  misses: string[];
}

function score(people: Person[], printable: boolean): Score {
  const s: Score = {
    people: people.length,
    artifacts: 0,
    goalsNamed: 0,
    themes: 0,
    themesNamed: 0,
    badThemeProfiles: 0,
    inLength: 0,
    meanLength: 0,
    misses: [],
  };
  for (const person of people) {
    const newestFirst = [...person.artifacts].reverse().map((artifact, i) => ({
      id: `a-${i}`,
      title: artifact.title,
      savedAt: new Date(Date.UTC(2026, 0, 10 - i)).toISOString(),
      content: artifact.content,
    }));
    const profile = synthesizeProfile(artifactSources(newestFirst, INPUT_MAX_CHARS));
    const said = stems(profile);
    for (const artifact of person.artifacts) {
      s.artifacts += 1;
      if (names(said, artifact.mainGoal.keywords)) s.goalsNamed += 1;
      else if (printable)
        s.misses.push(
          `${person.person}: goal "${artifact.mainGoal.text}" [${artifact.mainGoal.keywords.join(', ')}]`,
        );
    }
    for (const theme of person.themes) {
      s.themes += 1;
      // a theme is named when its head word (the last) is
      if (names(said, [theme.split(/\s+/).at(-1) ?? theme])) s.themesNamed += 1;
    }
    const line = themesLine(profile).toLowerCase();
    const listed = line.replace('- keeps coming back to ', '').split(/,|\band\b|\./);
    const bad = listed
      .map((t) => t.trim())
      .filter((t) => t && t.split(/\s+/).every((w) => STOP_WORDS.has(w) || TIME_WORDS.has(w)));
    if (bad.length > 0) {
      s.badThemeProfiles += 1;
      if (printable) s.misses.push(`${person.person}: themes that name nothing: ${bad.join(', ')}`);
    }
    if (profile.length >= 600 && profile.length <= 1_200) s.inLength += 1;
    else if (printable) s.misses.push(`${person.person}: ${profile.length} characters`);
    s.meanLength += profile.length / people.length;
    if (printable && process.env.BENCH_VERBOSE) console.log(`\n## ${person.person}\n${profile}`);
  }
  return s;
}

const share = (n: number, d: number) => (d === 0 ? '—' : `${(n / d).toFixed(3)} (${n}/${d})`);

function main(): void {
  const splits = SPLITS.filter((split) => !(split.blind && process.env.BENCH_DEV_ONLY));
  const scored = splits.map((split) => {
    const people = load(split.dir);
    return { split, score: people ? score(people, !split.blind) : null };
  });
  const row = (label: string, cell: (s: Score) => string, aim: string) =>
    console.log(
      [
        label.padEnd(34),
        ...scored.map(({ score: s }) => (s ? cell(s) : 'absent').padEnd(22)),
        aim,
      ].join(''),
    );
  console.log(
    ['offline profile'.padEnd(34), ...scored.map(({ split }) => split.name.padEnd(22))].join(''),
  );
  row('people / artifacts', (s) => `${s.people} / ${s.artifacts}`, '');
  row('main goals named', (s) => share(s.goalsNamed, s.artifacts), 'aim: all, on blind');
  row('labelled themes named', (s) => share(s.themesNamed, s.themes), '');
  row('profiles with a stop/time theme', (s) => share(s.badThemeProfiles, s.people), 'aim: none');
  row('profiles of 600–1,200 chars', (s) => share(s.inLength, s.people), 'aim: all');
  row('mean length', (s) => s.meanLength.toFixed(0), '');
  const dev = scored.find(({ split }) => !split.blind)?.score;
  if (dev?.misses.length)
    console.log(`\ndev misses:\n${dev.misses.map((m) => `  ${m}`).join('\n')}`);
}

main();
