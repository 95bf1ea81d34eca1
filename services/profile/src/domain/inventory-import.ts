import type { InventoryType } from '@mnemo/life-inventory';

export interface ParsedRow {
  /** The row's line number in the imported text (1-based): what a 400 names. */
  line: number;
  category: string | null;
  item: string;
  rating: number;
}

export type ParseOutcome =
  { ok: true; rows: ParsedRow[] } | { ok: false; line: number; reason: string };

const SEPARATOR = /^:?-{2,}:?$/;
const NUMBER = /^(-?\d+(?:\.\d+)?)(?:\s*\/\s*\d+)?$/;

/** Smart quotes become plain ones; emphasis markers and punctuation do not decide a match. */
export function normalizeText(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\u2018\u2019\u201a\u201b\u2032]/g, "'")
    .replace(/[\u201c\u201d\u201e\u201f\u2033]/g, '"')
    .toLowerCase()
    .replace(/[*_`~]/g, '')
    .replace(/[^a-z0-9' ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** `**4**`, `*4*`, `_4_`, `4/10` → 4; anything else is not a rating. */
export function parseRating(cell: string): number | null {
  const match = NUMBER.exec(cell.replace(/[*_`]/g, '').trim());
  return match ? Number(match[1]) : null;
}

const cellsOf = (line: string): string[] => {
  const inner = line.trim().replace(/^\|/, '').replace(/\|$/, '');
  return inner.split(/(?<!\\)\|/).map((cell) => cell.replace(/\\\|/g, '|').trim());
};

/**
 * Rows of the markdown tables in an exported inventory: `| Category | Item | Rating |` or
 * `| Item | Rating |`. Text around the tables, separator rows and a table's header row are skipped;
 * any other row whose last cell is not a number is malformed, and named by its line.
 */
export function parseInventoryTable(content: string): ParseOutcome {
  const rows: ParsedRow[] = [];
  let firstOfTable = true;
  const lines = content.split(/\r?\n/);
  for (const [index, line] of lines.entries()) {
    if (!line.trim().startsWith('|')) {
      firstOfTable = true;
      continue;
    }
    const cells = cellsOf(line);
    if (cells.every((cell) => SEPARATOR.test(cell) || cell === '')) continue;
    const isFirst = firstOfTable;
    firstOfTable = false;
    const rating = parseRating(cells.at(-1) ?? '');
    if (rating === null) {
      if (isFirst) continue; // the table's header row
      return {
        ok: false,
        line: index + 1,
        reason: `rating "${(cells.at(-1) ?? '').slice(0, 40)}" is not a number`,
      };
    }
    if (cells.length < 2 || !cells.at(-2))
      return { ok: false, line: index + 1, reason: 'names no item before the rating' };
    rows.push({
      line: index + 1,
      category: cells.length >= 3 ? cells.at(-3)! : null,
      item: cells.at(-2)!,
      rating,
    });
  }
  if (!rows.length) return { ok: false, line: 0, reason: 'holds no table row with a rating' };
  return { ok: true, rows };
}

export interface MatchedRow extends ParsedRow {
  itemId: string | null;
}

export interface ImportMatch {
  inventoryType: string | null;
  rows: MatchedRow[];
  matchedCount: number;
  unmatchedCount: number;
  /** A matched row whose rating lies outside its type's scale. */
  outOfScale: MatchedRow | null;
}

function matchAgainst(type: InventoryType, rows: readonly ParsedRow[]): MatchedRow[] {
  const byText = new Map(
    type.categories.flatMap((c) => c.items.map((i) => [normalizeText(i.text), i.id] as const)),
  );
  return rows.map((row) => ({ ...row, itemId: byText.get(normalizeText(row.item)) ?? null }));
}

/**
 * Rows matched to catalog items by normalized text: against the named type, or else the type that
 * matches the most rows (catalog order breaks a tie). Unmatched rows are reported, never imported.
 */
export function matchRows(
  catalog: readonly InventoryType[],
  rows: readonly ParsedRow[],
  inventoryType?: string,
): ImportMatch {
  const candidates = inventoryType
    ? catalog.filter((t) => t.inventoryType === inventoryType)
    : catalog;
  let best: { type: InventoryType; rows: MatchedRow[]; matched: number } | null = null;
  for (const type of candidates) {
    const matched = matchAgainst(type, rows);
    const count = matched.filter((r) => r.itemId).length;
    if (!best || count > best.matched) best = { type, rows: matched, matched: count };
  }
  if (!best || (!inventoryType && best.matched === 0)) {
    return {
      inventoryType: inventoryType ?? null,
      rows: rows.map((r) => ({ ...r, itemId: null })),
      matchedCount: 0,
      unmatchedCount: rows.length,
      outOfScale: null,
    };
  }
  const { min, max } = best.type.scale;
  return {
    inventoryType: best.type.inventoryType,
    rows: best.rows,
    matchedCount: best.matched,
    unmatchedCount: rows.length - best.matched,
    outOfScale: best.rows.find((r) => r.itemId && (r.rating < min || r.rating > max)) ?? null,
  };
}

/** The ratings an import commits: the matched rows, a later row of the same item winning. */
export function importedRatings(match: ImportMatch): Record<string, number> {
  const ratings: Record<string, number> = {};
  for (const row of match.rows) if (row.itemId) ratings[row.itemId] = row.rating;
  return ratings;
}
