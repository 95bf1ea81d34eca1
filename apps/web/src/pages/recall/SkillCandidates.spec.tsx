import { describe, expect, it } from '@jest/globals';
import { renderToStaticMarkup } from 'react-dom/server';
import type { SkillCandidate } from '../../types';
import { draftOf, editPatch, SkillCandidateCard } from './SkillCandidates';

const candidate = (over: Partial<SkillCandidate> = {}): SkillCandidate => ({
  candidateId: 'sk-1',
  project: '/repo',
  name: 'add-csv-export',
  description: 'Use when asked for work like "add a CSV export".',
  steps: ['Edit `src/export/csv.ts`', 'Run `npm test -- export`'],
  files: ['src/export/csv.ts'],
  commands: ['npm test -- export'],
  sourceSessionIds: ['s-1', 's-2', 's-3'],
  status: 'proposed',
  edited: false,
  proposedAt: '2026-01-05T10:00:00.000Z',
  updatedAt: '2026-01-05T10:00:00.000Z',
  ...over,
});
const noop = async () => undefined;
const card = (c: SkillCandidate, editing = false) =>
  renderToStaticMarkup(
    <SkillCandidateCard
      candidate={c}
      onAccept={noop}
      onDismiss={noop}
      onEdit={noop}
      editing={editing}
    />,
  );

describe('SkillCandidateCard', () => {
  it('shows the name, when to use it, the steps, files, commands and the sessions it came from', () => {
    const html = card(candidate());
    expect(html).toContain('<strong');
    expect(html).toContain('add-csv-export');
    expect(html).toContain('Use when asked for work like &quot;add a CSV export&quot;.');
    expect(html).toContain(
      '<ol><li>Edit `src/export/csv.ts`</li><li>Run `npm test -- export`</li></ol>',
    );
    expect(html).toContain('<code>src/export/csv.ts</code>');
    expect(html).toContain('<code>npm test -- export</code>');
    for (const s of ['s-1', 's-2', 's-3']) expect(html).toContain(`href="/sessions/${s}"`);
  });

  it('offers accept, edit and dismiss on a proposed candidate, and no second accept once accepted', () => {
    const buttons = (html: string) =>
      [...html.matchAll(/<button[^>]*>([^<]+)<\/button>/g)].map((m) => m[1]);
    expect(buttons(card(candidate()))).toEqual(['Accept', 'Edit', 'Dismiss']);
    expect(buttons(card(candidate({ status: 'accepted' })))).toEqual(['Edit', 'Dismiss']);
    expect(card(candidate({ status: 'accepted', edited: true }))).toMatch(/accepted[\s\S]*edited/);
  });

  it('edits the name, the description and the steps (one a line), with Save off until something changed', () => {
    const html = card(candidate(), true);
    expect(html).toContain('value="add-csv-export"');
    expect(html).toContain('Edit `src/export/csv.ts`\nRun `npm test -- export`</textarea>');
    expect(html).toMatch(/<button type="submit" disabled="">Save<\/button>/);
  });
});

describe('editPatch', () => {
  it('is null when nothing changed, whitespace and blank lines aside', () => {
    const c = candidate();
    expect(editPatch(c, draftOf(c))).toBeNull();
    expect(editPatch(c, { ...draftOf(c), steps: `\n${c.steps.join('\n\n')}  \n` })).toBeNull();
  });

  it('sends only the fields the person changed, steps as a list', () => {
    const c = candidate();
    expect(editPatch(c, { ...draftOf(c), name: ' csv-export ' })).toEqual({ name: 'csv-export' });
    expect(editPatch(c, { ...draftOf(c), steps: 'Run `npm test`\n\nOpen a PR' })).toEqual({
      steps: ['Run `npm test`', 'Open a PR'],
    });
  });
});
