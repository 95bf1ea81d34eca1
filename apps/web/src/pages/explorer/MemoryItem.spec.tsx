import { describe, expect, it } from '@jest/globals';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Memory } from '../../types';
import { MemoryItem, Origin, type Editing } from './MemoryItem';

const memory = (overrides: Partial<Memory> = {}): Memory => ({
  id: 'm-1',
  factType: 'preference',
  category: 'Preferences',
  content: 'Prefers green tea',
  confidence: 'high',
  source: 'extraction',
  origin: { session: 's-1' },
  occurredOn: null,
  editedByPerson: false,
  status: 'active',
  supersededBy: null,
  sensitive: false,
  confirmed: false,
  version: 1,
  createdAt: '2026-12-01T12:00:00.000Z',
  updatedAt: '2026-12-01T12:00:00.000Z',
  lastUsedAt: null,
  ...overrides,
});
const origin = (o: Memory['origin']) =>
  renderToStaticMarkup(<Origin memory={memory({ origin: o })} />);
const item = (m: Memory, editing: Editing | null = null) =>
  renderToStaticMarkup(
    <MemoryItem
      memory={m}
      editing={editing}
      onEdit={() => {}}
      onDraft={() => {}}
      onSave={() => {}}
      onCancel={() => {}}
      onDelete={() => {}}
    />,
  );

describe('Origin', () => {
  it('says a memory added by hand was added by you', () => {
    expect(origin({ session: 'manual' })).toBe('<span>Added by you</span>');
  });

  it('links a memory to the turns of the session it was read from', () => {
    expect(origin({ session: 's 1', turns: [2, 3] })).toContain(
      '<a href="/sessions/s%201?turns=2,3">session s 1</a>, turns 2, 3',
    );
  });

  it('links a remembered message to its turn', () => {
    expect(origin({ session: 's-1', messageSeq: 7 })).toContain(
      '<a href="/sessions/s-1?turns=7">session s-1</a>, message 7',
    );
  });

  it('names the artifact of an artifact extraction and links no session', () => {
    const html = origin({ session: 'artifact-extract', artifactId: 'goals.md' });
    expect(html).toContain('from artifact “goals.md”');
    expect(html).not.toContain('<a ');
  });
});

describe('MemoryItem', () => {
  it('tells a memory the agent saved from one the person confirmed', () => {
    expect(item(memory({ source: 'agent' }))).toContain(' · saved by the agent, not confirmed');
    expect(item(memory({ source: 'agent', confirmed: true }))).toContain(' · confirmed');
    expect(item(memory({ source: 'agent', confirmed: true }))).not.toContain('not confirmed');
  });

  it('lists what a memory replaced', () => {
    const html = item(memory({ supersedes: [{ id: 'm-0', content: 'Prefers coffee' }] }));
    expect(html).toContain('Replaced: <q>Prefers coffee</q>');
  });

  it('while editing, keeps the draft, warns of a change meanwhile, and hides Edit and Delete', () => {
    const editing = { id: 'm-1', draft: 'Prefers mint tea', version: 1, changedMeanwhile: true };
    const html = item(memory(), editing);
    expect(html).toContain('>Prefers mint tea</textarea>');
    expect(html).toContain('This memory changed while you were editing.');
    expect(html).not.toContain('aria-label="Delete: Prefers green tea"');
    expect(item(memory(), { ...editing, changedMeanwhile: false })).not.toContain('warning');
  });
});
