import fc from 'fast-check';
import { z } from 'zod';
import { parseModelJson, parseModelObject } from './parse-model-json';

const Fact = z.object({ factType: z.enum(['goal', 'value']), content: z.string().min(1) });
const goal = { factType: 'goal', content: 'Run a marathon.' };
const value = { factType: 'value', content: 'Family first.' };

describe('parseModelJson', () => {
  it.each([
    ['an object with the list key', JSON.stringify({ facts: [goal, value] })],
    ['a bare array', JSON.stringify([goal, value])],
    [
      'a fenced json block',
      'Here you go:\n```json\n' + JSON.stringify({ facts: [goal, value] }) + '\n```\nDone.',
    ],
    ['a fence without a language', '```\n' + JSON.stringify([goal, value]) + '\n```'],
    [
      'leading prose',
      'Sure! The facts are ' + JSON.stringify({ facts: [goal, value] }) + ' — hope that helps.',
    ],
    ['a renamed key holding the only list', JSON.stringify({ memories: [goal, value] })],
  ])('accepts %s', (_name, text) => {
    expect(parseModelJson(text, Fact, 'facts')).toEqual({
      ok: true,
      items: [goal, value],
      dropped: 0,
    });
  });

  it('drops a bad item and keeps the rest', () => {
    const text = JSON.stringify({
      facts: [goal, { factType: 'mood', content: 'x' }, { content: '' }, value],
    });
    expect(parseModelJson(text, Fact, 'facts')).toEqual({
      ok: true,
      items: [goal, value],
      dropped: 2,
    });
  });

  it('ignores braces inside strings when finding the object', () => {
    const tricky = { factType: 'goal', content: 'Write {a} book ] soon.' };
    expect(parseModelJson('note: ' + JSON.stringify({ facts: [tricky] }), Fact, 'facts')).toEqual({
      ok: true,
      items: [tricky],
      dropped: 0,
    });
  });

  it('accepts an empty list', () => {
    expect(parseModelJson('{"facts": []}', Fact, 'facts')).toEqual({
      ok: true,
      items: [],
      dropped: 0,
    });
  });

  it('refuses text with no JSON', () => {
    expect(parseModelJson('I could not find any facts.', Fact, 'facts').ok).toBe(false);
    expect(parseModelJson('{"facts": [', Fact, 'facts').ok).toBe(false);
  });

  it('refuses an object with no list', () => {
    expect(parseModelJson('{"answer": 42}', Fact, 'facts').ok).toBe(false);
  });

  it('keeps exactly the valid items of any list, in order', () => {
    const item = fc.oneof(
      fc.record({
        factType: fc.constantFrom('goal', 'value'),
        content: fc.string({ minLength: 1 }),
      }),
      fc.record({ factType: fc.string(), content: fc.string() }),
      fc.integer(),
    );
    fc.assert(
      fc.property(fc.array(item, { maxLength: 20 }), fc.boolean(), (list, wrapped) => {
        const text = JSON.stringify(wrapped ? { facts: list } : list);
        const result = parseModelJson(text, Fact, 'facts');
        const expected = list.filter((candidate) => Fact.safeParse(candidate).success);
        expect(result).toEqual({
          ok: true,
          items: expected,
          dropped: list.length - expected.length,
        });
      }),
    );
  });
});

describe('parseModelObject', () => {
  const Profile = z.object({ profile: z.string().max(20) });

  it('parses a fenced object', () => {
    expect(parseModelObject('```json\n{"profile":"calm"}\n```', Profile)).toEqual({
      ok: true,
      value: { profile: 'calm' },
    });
  });

  it('names the failing field', () => {
    const result = parseModelObject('{"profile": 3}', Profile);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.message).toMatch(/at profile/);
  });
});
