import { useId, useState } from 'react';
import type { Api } from '../../api';
import { ErrorText } from '../../components/Status';
import type { LifeInventoryTake } from '../../types';
import type { InventoryType } from './inventory-type';

/** Rates every item of one inventory and completes the take (the open one, if there is one). */
export function TakeTab({
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
