import { useCallback, useEffect, useId, useState } from 'react';
import type { InventoryTypeDefined } from '@mnemo/contracts/src/events/profile.events';
import type { z } from 'zod';
import type { Api } from '../api';
import type { LifeInventoryTake } from '../types';
import { DataTable, type Column } from '../components/DataTable';
import { ErrorText, Status, when } from '../components/Status';

type InventoryType = z.infer<typeof InventoryTypeDefined>;

interface ImportPreview {
  inventoryType: string | null;
  matchedCount: number;
  unmatchedCount: number;
  rows: Array<{
    line: number;
    category: string | null;
    item: string;
    rating: number;
    matched: boolean;
  }>;
  take?: LifeInventoryTake;
}

interface ScoreRow {
  name: string;
  score: number;
  before: number | undefined;
}
const SCORE_COLUMNS: ReadonlyArray<Column<ScoreRow>> = [
  { header: 'Category', rowHeader: true, cell: (r) => r.name },
  { header: 'Score', cell: (r) => r.score.toFixed(1) },
  { header: 'Previous', cell: (r) => (r.before === undefined ? '—' : r.before.toFixed(1)) },
  {
    header: 'Change',
    cell: (r) => {
      if (r.before === undefined) return '—';
      const delta = Math.round((r.score - r.before) * 10) / 10;
      return delta > 0 ? `+${delta}` : String(delta);
    },
  },
];
const PREVIEW_COLUMNS: ReadonlyArray<Column<ImportPreview['rows'][number]>> = [
  { header: 'Line', cell: (r) => r.line },
  { header: 'Item', cell: (r) => r.item },
  { header: 'Rating', cell: (r) => r.rating },
  { header: 'Matched', cell: (r) => (r.matched ? 'yes' : 'no') },
];

const TABS = [
  { id: 'take', label: 'Take' },
  { id: 'results', label: 'Results' },
  { id: 'import', label: 'Import' },
] as const;
type TabId = (typeof TABS)[number]['id'];

export function InventoryPage({ api }: { api: Api }) {
  const [tab, setTab] = useState<TabId>('take');
  const [catalog, setCatalog] = useState<InventoryType[]>([]);
  const [takes, setTakes] = useState<LifeInventoryTake[]>([]);
  const [trend, setTrend] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      const [c, t, s] = await Promise.all([
        api.get<{ inventoryTypes: InventoryType[] }>('/v1/life-inventory/catalog'),
        api.get<{ takes: LifeInventoryTake[] }>('/v1/life-inventory/takes'),
        api.get<{ summary: string; trend: string | null }>('/v1/life-inventory/summary'),
      ]);
      setCatalog(c.inventoryTypes);
      setTakes(t.takes);
      setTrend(s.trend);
    } catch (e) {
      setError((e as Error).message);
    }
  }, [api]);
  useEffect(() => {
    void load();
  }, [load]);

  const onKey = (event: React.KeyboardEvent, index: number) => {
    const to =
      event.key === 'ArrowRight'
        ? (index + 1) % TABS.length
        : event.key === 'ArrowLeft'
          ? (index + TABS.length - 1) % TABS.length
          : null;
    if (to === null) return;
    event.preventDefault();
    setTab(TABS[to].id);
    document.getElementById(`inv-tab-${TABS[to].id}`)?.focus();
  };

  return (
    <section aria-labelledby="inventory-title">
      <h1 id="inventory-title">Life Inventory</h1>
      <ErrorText error={error} />
      <div role="tablist" aria-label="Life Inventory" className="tabs">
        {TABS.map((t, i) => (
          <button
            key={t.id}
            id={`inv-tab-${t.id}`}
            type="button"
            role="tab"
            aria-selected={tab === t.id}
            aria-controls={`inv-panel-${t.id}`}
            tabIndex={tab === t.id ? 0 : -1}
            onClick={() => setTab(t.id)}
            onKeyDown={(e) => onKey(e, i)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`inv-panel-${tab}`}
        aria-labelledby={`inv-tab-${tab}`}
        className="panel"
      >
        {tab === 'take' && (
          <TakeTab
            api={api}
            catalog={catalog}
            takes={takes}
            onDone={async () => (await load(), setTab('results'))}
          />
        )}
        {tab === 'results' && <ResultsTab catalog={catalog} takes={takes} trend={trend} />}
        {tab === 'import' && <ImportTab api={api} catalog={catalog} onCommitted={load} />}
      </div>
    </section>
  );
}

function TakeTab({
  api,
  catalog,
  takes,
  onDone,
}: {
  api: Api;
  catalog: InventoryType[];
  takes: LifeInventoryTake[];
  onDone: () => Promise<void>;
}) {
  const [typeId, setTypeId] = useState<string>('');
  const [ratings, setRatings] = useState<Record<string, number>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const selectId = useId();
  const type = catalog.find((t) => t.inventoryType === (typeId || catalog[0]?.inventoryType));
  const open = type
    ? takes.find((t) => t.inventoryType === type.inventoryType && t.status === 'in_progress')
    : undefined;
  const items = type?.categories.flatMap((c) => c.items) ?? [];
  const complete = items.length > 0 && items.every((i) => ratings[i.id] !== undefined);

  // Shows its own errors, so the form fires it and forgets the promise.
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!type) return;
    setBusy(true);
    setError(null);
    try {
      const take =
        open ??
        (await api.post<LifeInventoryTake>('/v1/life-inventory/takes', {
          inventoryType: type.inventoryType,
        }));
      await api.post(`/v1/life-inventory/takes/${encodeURIComponent(take.takeId)}/ratings`, {
        ratings: Object.entries(ratings).map(([itemId, rating]) => ({ itemId, rating })),
      });
      await api.post(`/v1/life-inventory/takes/${encodeURIComponent(take.takeId)}/complete`);
      setRatings({});
      await onDone();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  if (!type) return <p>Loading the inventories…</p>;
  const scale = Array.from(
    { length: type.scale.max - type.scale.min + 1 },
    (_, i) => type.scale.min + i,
  );
  return (
    <form onSubmit={(e) => void submit(e)} className="take">
      <label htmlFor={selectId}>Inventory</label>
      <select
        id={selectId}
        value={type.inventoryType}
        onChange={(e) => (setTypeId(e.target.value), setRatings({}))}
      >
        {catalog.map((t) => (
          <option key={t.inventoryType} value={t.inventoryType}>
            {t.title}
          </option>
        ))}
      </select>
      <p className="hint">
        Rate each item from {type.scale.min} to {type.scale.max}.
        {open ? ' You have a take of this inventory in progress: this completes it.' : ''}
      </p>
      {type.categories.map((c) => (
        <fieldset key={c.id} className="card">
          <legend>{c.name}</legend>
          {c.items.map((item) => (
            <div key={item.id} className="rating-row">
              <label htmlFor={`rate-${item.id}`}>{item.text}</label>
              <select
                id={`rate-${item.id}`}
                value={ratings[item.id] ?? ''}
                onChange={(e) => setRatings({ ...ratings, [item.id]: Number(e.target.value) })}
              >
                <option value="" disabled>
                  Rate…
                </option>
                {scale.map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </div>
          ))}
        </fieldset>
      ))}
      <ErrorText error={error} />
      <button type="submit" disabled={!complete || busy}>
        {busy ? 'Saving…' : 'Complete take'}
      </button>
    </form>
  );
}

function ResultsTab({
  catalog,
  takes,
  trend,
}: {
  catalog: InventoryType[];
  takes: LifeInventoryTake[];
  trend: string | null;
}) {
  const done = takes
    .filter((t) => t.status === 'completed' && t.scores)
    .sort((a, b) => (b.completedAt ?? '').localeCompare(a.completedAt ?? ''));
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
        return (
          <DataTable
            key={type.inventoryType}
            caption={`${type.title} · ${when(latest.completedAt)}${latest.imported ? ' (imported)' : ''}`}
            columns={SCORE_COLUMNS}
            rows={Object.entries(latest.scores!).map(([name, score]) => ({
              name,
              score,
              before: previous?.scores?.[name],
            }))}
            rowKey={(r) => r.name}
          />
        );
      })}
    </div>
  );
}

function ImportTab({
  api,
  catalog,
  onCommitted,
}: {
  api: Api;
  catalog: InventoryType[];
  onCommitted: () => Promise<void>;
}) {
  const [content, setContent] = useState<string | null>(null);
  const [fileName, setFileName] = useState('');
  const [typeId, setTypeId] = useState('');
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const fileId = useId();
  const typeSelectId = useId();

  const body = () => ({ content, ...(typeId ? { inventoryType: typeId } : {}) });
  const pick = async (event: React.ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setPreview(null);
    setStatus(null);
    setError(null);
    if (!file) return;
    setFileName(file.name);
    setContent(await file.text());
  };
  const doPreview = async () => {
    setError(null);
    try {
      setPreview(await api.post<ImportPreview>('/v1/life-inventory/import/preview', body()));
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const commit = async () => {
    setError(null);
    try {
      const result = await api.post<ImportPreview>('/v1/life-inventory/import/commit', body());
      setStatus(`Imported ${result.matchedCount} ratings as a completed take.`);
      setPreview(null);
      setContent(null);
      await onCommitted();
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const typeTitle = (id: string | null) =>
    catalog.find((t) => t.inventoryType === id)?.title ?? id ?? 'no inventory';

  return (
    <div className="import">
      <p className="hint">
        Import an exported inventory (a markdown table) as a completed take. The preview writes
        nothing.
      </p>
      <label htmlFor={fileId}>Exported inventory file (.md or .txt)</label>
      <input
        id={fileId}
        type="file"
        accept=".md,.markdown,.txt,text/markdown,text/plain"
        onChange={(e) => void pick(e)}
      />
      <label htmlFor={typeSelectId}>Inventory</label>
      <select
        id={typeSelectId}
        value={typeId}
        onChange={(e) => (setTypeId(e.target.value), setPreview(null))}
      >
        <option value="">Detect from the rows</option>
        {catalog.map((t) => (
          <option key={t.inventoryType} value={t.inventoryType}>
            {t.title}
          </option>
        ))}
      </select>
      <div className="actions">
        <button type="button" onClick={() => void doPreview()} disabled={!content}>
          Preview
        </button>
      </div>
      <Status message={status} />
      <ErrorText error={error} />
      {preview && (
        <section aria-labelledby="preview-title" className="card">
          <h2 id="preview-title">Preview of {fileName}</h2>
          <p>
            {typeTitle(preview.inventoryType)}: <strong>{preview.matchedCount} matched</strong>,{' '}
            <strong>{preview.unmatchedCount} unmatched</strong> (unmatched rows are skipped).
          </p>
          <DataTable
            caption="First rows"
            columns={PREVIEW_COLUMNS}
            rows={preview.rows}
            rowKey={(r) => r.line}
          />
          <button type="button" onClick={() => void commit()} disabled={preview.matchedCount === 0}>
            Import {preview.matchedCount} ratings
          </button>
        </section>
      )}
    </div>
  );
}
