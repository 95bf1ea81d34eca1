import { DataTable, type Column } from '../../components/DataTable';
import { when } from '../../components/Status';
import type { LifeInventoryTake } from '../../types';
import type { InventoryType } from './inventory-type';

export interface ScoreRow {
  name: string;
  score: number;
  before: number | undefined;
}

/** A category's move since the previous take, to one decimal and signed; none without one. */
export function scoreChange(row: ScoreRow): string {
  if (row.before === undefined) return '—';
  const delta = Math.round((row.score - row.before) * 10) / 10;
  return delta > 0 ? `+${delta}` : String(delta);
}

const SCORE_COLUMNS: ReadonlyArray<Column<ScoreRow>> = [
  { header: 'Category', rowHeader: true, cell: (r) => r.name },
  { header: 'Score', cell: (r) => r.score.toFixed(1) },
  { header: 'Previous', cell: (r) => (r.before === undefined ? '—' : r.before.toFixed(1)) },
  { header: 'Change', cell: scoreChange },
];

/** The completed takes with scores, newest first. */
export function completedTakes(takes: readonly LifeInventoryTake[]): LifeInventoryTake[] {
  return takes
    .filter((t) => t.status === 'completed' && t.scores)
    .sort((a, b) => (b.completedAt ?? '').localeCompare(a.completedAt ?? ''));
}

/** The latest take's scores, each beside the previous take's score of the same category. */
export function scoreRows(latest: LifeInventoryTake, previous?: LifeInventoryTake): ScoreRow[] {
  return Object.entries(latest.scores ?? {}).map(([name, score]) => ({
    name,
    score,
    before: previous?.scores?.[name],
  }));
}

/** The newest completed take of each inventory, against the one before it, and the trend line. */
export function ResultsTab({
  catalog,
  takes,
  trend,
}: {
  catalog: InventoryType[];
  takes: LifeInventoryTake[];
  trend: string | null;
}) {
  const done = completedTakes(takes);
  if (done.length === 0)
    return <p className="empty">No completed takes yet: take an inventory, or import one.</p>;
  const types = catalog.filter((t) => done.some((d) => d.inventoryType === t.inventoryType));
  return (
    <div>
      <p className="trend" aria-label="Trend line">
        {trend ?? 'No category moved by 2 or more since the last take.'}
      </p>
      {types.map((type) => {
        const [latest, previous] = done.filter((d) => d.inventoryType === type.inventoryType);
        if (latest === undefined) return null;
        return (
          <DataTable
            key={type.inventoryType}
            caption={`${type.title} · ${when(latest.completedAt)}${latest.imported ? ' (imported)' : ''}`}
            columns={SCORE_COLUMNS}
            rows={scoreRows(latest, previous)}
            rowKey={(r) => r.name}
          />
        );
      })}
    </div>
  );
}
