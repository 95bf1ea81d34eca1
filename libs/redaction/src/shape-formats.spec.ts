import { redact } from './redact';
import { redactDeep } from './redact-deep';
import { findLeakedWindows, plantedSecrets, plantedShapes } from './secret-samples';

// The end-to-end survivor test plants each shape in titles, bookmarks, memories, tool calls and
// files; these are the same places, without the platform, so a shape that leaks shows here first.
const SALTS = ['mnemo', 'shape-spec', 'no-secret-survives'];
const PLACES: ReadonlyArray<readonly [string, (secret: string) => string]> = [
  ['alone', (s) => s],
  ['a title', (s) => `t ${s}`],
  ['a memory', (s) => `Keeps key 3 as ${s}.`],
  ["a log line's words around it", (s) => `auth: rejected ${s} for deploy`],
  ['a shell command', (s) => JSON.stringify({ command: `echo "${s}" > .env` })],
  ['a file among others', (s) => `# Keys\nGITHUB=ok\n${s}\n\nDEBUG=false`],
];

describe('secrets in the shapes code and config give them', () => {
  it.each(SALTS)('leave no window of any shape anywhere they are planted (salt %s)', (salt) => {
    const shapes = plantedShapes(salt);
    const leaks: string[] = [];
    for (const [place, put] of PLACES)
      for (const [name, planted] of Object.entries(shapes)) {
        const out = redact(put(planted.text)).text;
        for (const leak of findLeakedWindows(out, { [name]: planted }))
          leaks.push(`${leak.kind} in ${place}: ${leak.window}`);
      }
    expect(leaks).toEqual([]);
  });

  it('leave none when every family and every shape share one text, as redactDeep sees it', () => {
    const planted = { ...plantedSecrets('shape-spec'), ...plantedShapes('shape-spec') };
    const all = Object.values(planted)
      .map((p) => p.text)
      .join('\n\n');
    const { value } = redactDeep({ payload: { text: all, input: JSON.stringify({ all }) } });
    expect(findLeakedWindows(JSON.stringify(value), planted)).toEqual([]);
  });
});
