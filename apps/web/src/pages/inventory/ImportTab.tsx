import { useId, useState } from 'react';
import type { Api } from '../../api';
import { DataTable, type Column } from '../../components/DataTable';
import { ErrorText, Status } from '../../components/Status';
import type { LifeInventoryTake } from '../../types';
import type { InventoryType } from './inventory-type';

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

const PREVIEW_COLUMNS: ReadonlyArray<Column<ImportPreview['rows'][number]>> = [
  { header: 'Line', cell: (r) => r.line },
  { header: 'Item', cell: (r) => r.item },
  { header: 'Rating', cell: (r) => r.rating },
  { header: 'Matched', cell: (r) => (r.matched ? 'yes' : 'no') },
];

/** An exported inventory file, previewed (nothing written) and then committed as a completed take. */
export function ImportTab({
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
