import { useCallback, useEffect, useState } from 'react';
import type { Api } from '../api';
import type { LifeInventoryTake } from '../types';
import { ErrorText } from '../components/Status';
import { ImportTab } from './inventory/ImportTab';
import type { InventoryType } from './inventory/inventory-type';
import { ResultsTab } from './inventory/ResultsTab';
import { TakeTab } from './inventory/TakeTab';

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
    const next = to === null ? undefined : TABS[to];
    if (next === undefined) return;
    event.preventDefault();
    setTab(next.id);
    document.getElementById(`inv-tab-${next.id}`)?.focus();
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
