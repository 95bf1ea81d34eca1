import fc from 'fast-check';
import { subjectMatches } from './subject-matches';

const token = fc.stringMatching(/^[A-Za-z0-9_\-:]{1,8}$/);
const subject = fc.array(token, { minLength: 1, maxLength: 6 });

describe('subjectMatches', () => {
  it.each([
    ['mnemo.events.*.TurnRecorded', 'mnemo.events.acct-1.TurnRecorded', true],
    ['mnemo.events.*.TurnRecorded', 'mnemo.events.acct-1.SessionStarted', false],
    ['mnemo.events.*.TurnRecorded', 'mnemo.events.acct.1.TurnRecorded', false],
    ['mnemo.raw.>', 'mnemo.raw.acct-1.TurnRecorded', true],
    ['mnemo.raw.>', 'mnemo.raw', false],
    ['mnemo.raw.>', 'mnemo.events.acct-1.TurnRecorded', false],
    ['mnemo.>.x', 'mnemo.a.x', false],
    ['mnemo.*', 'mnemo.a.b', false],
    ['mnemo.rpc.cost.reserve', 'mnemo.rpc.cost.reserve', true],
  ])('%s against %s is %s', (filter, subj, expected) => {
    expect(subjectMatches(filter, subj)).toBe(expected);
  });

  it('matches a subject against itself and against itself with any token made a wildcard', () => {
    fc.assert(
      fc.property(subject, fc.nat(), (tokens, at) => {
        const s = tokens.join('.');
        const wild = tokens.map((t, i) => (i === at % tokens.length ? '*' : t)).join('.');
        expect(subjectMatches(s, s)).toBe(true);
        expect(subjectMatches(wild, s)).toBe(true);
      }),
    );
  });

  it('matches `prefix.>` exactly when the subject has the prefix and at least one more token', () => {
    fc.assert(
      fc.property(subject, subject, (prefix, rest) => {
        const filter = `${prefix.join('.')}.>`;
        expect(subjectMatches(filter, [...prefix, ...rest].join('.'))).toBe(true);
        expect(subjectMatches(filter, prefix.join('.'))).toBe(false);
      }),
    );
  });

  it('never matches a subject with a different token count unless the filter ends in `>`', () => {
    fc.assert(
      fc.property(subject, subject, (a, b) => {
        fc.pre(a.length !== b.length);
        const filter = a.map(() => '*').join('.');
        expect(subjectMatches(filter, b.join('.'))).toBe(false);
      }),
    );
  });
});
