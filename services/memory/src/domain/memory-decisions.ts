import type { PayloadOf } from '@mnemo/contracts';
import { factTypeForNewMemory, type MemoryCategory } from './memory-categories';
import type { ConfidenceLevel, FactTypeName } from './memory-fact';
import type { RememberResult } from './remember';

/** A stored memory as the decisions see it. */
export interface MemoryRecord {
  id: string;
  factType: FactTypeName;
  content: string;
  confidence: ConfidenceLevel;
  version: number;
  status: 'active' | 'deleted' | 'superseded';
}

export type MemoryChange<T extends 'MemoryFactEdited' | 'MemoryFactDeleted'> =
  | { ok: true; event: { type: T; payload: PayloadOf<T> } | null }
  | { ok: false; reason: 'not_found' }
  | { ok: false; reason: 'stale'; currentVersion: number };

/** A manual memory: confidence high, session `manual`, typed by the active tab when not given. */
export function decideManualCreate(
  factId: string,
  input: { content: string; factType?: FactTypeName; category?: MemoryCategory },
): { type: 'MemoryFactCreated'; payload: PayloadOf<'MemoryFactCreated'> } {
  const factType = input.factType ?? factTypeForNewMemory(input.category ?? 'All');
  return {
    type: 'MemoryFactCreated',
    payload: {
      factId,
      factType,
      content: input.content,
      confidence: 'high',
      source: 'manual',
      sourceSession: 'manual',
    },
  };
}

/**
 * An edit names the version the client last saw; a stale one is refused so an edit in progress never
 * silently overwrites a change made meanwhile. An edit that changes nothing appends nothing.
 */
export function decideMemoryEdit(
  current: MemoryRecord | undefined,
  edit: {
    version: number;
    content?: string;
    factType?: FactTypeName;
    confidence?: ConfidenceLevel;
  },
): MemoryChange<'MemoryFactEdited'> {
  if (!current || current.status !== 'active') return { ok: false, reason: 'not_found' };
  if (edit.version !== current.version)
    return { ok: false, reason: 'stale', currentVersion: current.version };
  const changes = {
    ...(edit.content !== undefined && edit.content !== current.content
      ? { content: edit.content }
      : {}),
    ...(edit.factType !== undefined && edit.factType !== current.factType
      ? { factType: edit.factType }
      : {}),
    ...(edit.confidence !== undefined && edit.confidence !== current.confidence
      ? { confidence: edit.confidence }
      : {}),
  };
  if (Object.keys(changes).length === 0) return { ok: true, event: null };
  return {
    ok: true,
    event: {
      type: 'MemoryFactEdited',
      payload: {
        factId: current.id,
        ...changes,
        version: current.version + 1,
        editedByPerson: true,
      },
    },
  };
}

/** Soft delete; with a version, only of the content the client saw. */
export function decideMemoryDelete(
  current: MemoryRecord | undefined,
  version?: number,
): MemoryChange<'MemoryFactDeleted'> {
  if (!current || current.status !== 'active') return { ok: false, reason: 'not_found' };
  if (version !== undefined && version !== current.version)
    return { ok: false, reason: 'stale', currentVersion: current.version };
  return { ok: true, event: { type: 'MemoryFactDeleted', payload: { factId: current.id } } };
}

export type RememberWrite =
  | { kind: 'saved'; event: { type: 'MemoryFactCreated'; payload: PayloadOf<'MemoryFactCreated'> } }
  | {
      kind: 'proposed';
      event: { type: 'MemoryFactProposed'; payload: PayloadOf<'MemoryFactProposed'> };
    };

/** What a remembered message becomes: a memory at once, or, when it names something sensitive, a proposal. */
export function rememberWrite(
  result: Extract<RememberResult, { ok: true }>,
  ids: { factId: string; proposalId: string },
  messageSeq: number,
): RememberWrite {
  const { fact, sensitivity } = result;
  const payload = {
    factId: ids.factId,
    factType: fact.factType,
    content: fact.content,
    confidence: fact.confidence,
    source: fact.source ?? 'coach',
    sourceSession: fact.sourceSession,
    sourceMessageSeq: messageSeq,
  };
  if (!sensitivity.sensitive)
    return { kind: 'saved', event: { type: 'MemoryFactCreated', payload } };
  return {
    kind: 'proposed',
    event: {
      type: 'MemoryFactProposed',
      payload: {
        ...payload,
        proposalId: ids.proposalId,
        sensitiveReason: sensitivity.reason.slice(0, 200),
      },
    },
  };
}

/**
 * The same fact remembered again (one memory for one thing): the memory already kept takes the
 * newer wording, and the type when the caller named one; nothing when that changes nothing. The person's
 * own memory (they wrote or edited it) keeps what they wrote.
 */
export function decideRestatement(
  kept: MemoryRecord & { source: string; editedByPerson: boolean },
  again: { content: string; factType: FactTypeName; typeNamed: boolean },
): { type: 'MemoryFactEdited'; payload: PayloadOf<'MemoryFactEdited'> } | null {
  if (kept.status !== 'active' || kept.source === 'manual' || kept.editedByPerson) return null;
  const changes = {
    ...(again.content !== kept.content ? { content: again.content } : {}),
    ...(again.typeNamed && again.factType !== kept.factType ? { factType: again.factType } : {}),
  };
  if (Object.keys(changes).length === 0) return null;
  return {
    type: 'MemoryFactEdited',
    payload: { factId: kept.id, ...changes, version: kept.version + 1, editedByPerson: false },
  };
}
