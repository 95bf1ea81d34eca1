import { citation, markVisited, recallVisited, type VisitedNode } from './visited-ledger';

const at = (minute: number) => `2026-11-30T10:${String(minute).padStart(2, '0')}:00.000Z`;

describe('the visited ledger', () => {
  it('is idempotent on identity: a re-mark refreshes the time and keeps one entry', () => {
    let ledger: VisitedNode[] = [];
    ledger = markVisited(ledger, { path: 'src/a.ts', startLine: 1, endLine: 9 }, at(1), 10).ledger;
    ledger = markVisited(ledger, { path: 'src/b.ts', startLine: 1, endLine: 9 }, at(2), 10).ledger;
    ledger = markVisited(
      ledger,
      { path: 'src/a.ts', startLine: 1, endLine: 9, note: 'checked' },
      at(3),
      10,
    ).ledger;
    expect(ledger).toEqual([
      { path: 'src/a.ts', startLine: 1, endLine: 9, note: 'checked', verifiedAt: at(3) },
      { path: 'src/b.ts', startLine: 1, endLine: 9, verifiedAt: at(2) },
    ]);
  });

  it('keys on the ledger id when there is one, else on the location', () => {
    let ledger: VisitedNode[] = [];
    ledger = markVisited(ledger, { ledgerId: 'n1', path: 'src/a.ts' }, at(1), 10).ledger;
    ledger = markVisited(ledger, { ledgerId: 'n1', path: 'src/moved.ts' }, at(2), 10).ledger;
    ledger = markVisited(ledger, { path: 'src/a.ts', startLine: 1, endLine: 2 }, at(3), 10).ledger;
    ledger = markVisited(ledger, { path: 'src/a.ts', startLine: 1, endLine: 3 }, at(4), 10).ledger;
    expect(ledger.map(citation)).toEqual(['src/a.ts:L1-L3', 'src/a.ts:L1-L2', 'n1']);
  });

  it('keeps the most recently verified nodes up to its size', () => {
    let ledger: VisitedNode[] = [];
    for (let i = 0; i < 5; i += 1)
      ledger = markVisited(ledger, { path: `f${i}.ts` }, at(i), 3).ledger;
    expect(ledger.map((n) => n.path)).toEqual(['f4.ts', 'f3.ts', 'f2.ts']);
  });

  it('recalls newest first, filtered on id, path, symbol or note in any case', () => {
    let ledger: VisitedNode[] = [];
    ledger = markVisited(
      ledger,
      { path: 'src/auth/guard.ts', symbol: 'ApiKeyGuard' },
      at(1),
      10,
    ).ledger;
    ledger = markVisited(
      ledger,
      { path: 'src/db.ts', note: 'pool size set here' },
      at(2),
      10,
    ).ledger;
    expect(recallVisited(ledger).map((n) => n.path)).toEqual(['src/db.ts', 'src/auth/guard.ts']);
    expect(recallVisited(ledger, 'apikey').map((n) => n.path)).toEqual(['src/auth/guard.ts']);
    expect(recallVisited(ledger, 'POOL').map((n) => n.path)).toEqual(['src/db.ts']);
    expect(recallVisited([], 'x')).toEqual([]);
  });
});
