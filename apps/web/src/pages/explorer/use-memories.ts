import { useCallback, useEffect, useRef, useState } from 'react';
import type { Api } from '../../api';
import { followChanges } from '../../changes';
import {
  MIN_SEARCH_CHARS,
  type Category,
  type ListMemoriesParams,
  type MemoryChange,
  type MemoryPage,
  type Proposal,
  type SearchHit,
  type SearchMemoriesParams,
} from '../../types';

export const PAGE_SIZE = 50;
const SEARCH_DEBOUNCE_MS = 300;

/**
 * A page of one category's memories and the proposals waiting for an answer, reloaded whenever the
 * server pushes a change. `onChange` sees each pushed change first (the edit in progress reads it).
 */
export function useMemoryPage(
  api: Api,
  category: Category,
  page: number,
  options: { onError: (message: string | null) => void; onChange: (change: MemoryChange) => void },
) {
  const [data, setData] = useState<MemoryPage | null>(null);
  const [proposals, setProposals] = useState<Proposal[]>([]);
  const [live, setLive] = useState(false);
  const optionsRef = useRef(options);
  optionsRef.current = options;

  const load = useCallback(
    async (signal?: AbortSignal) => {
      try {
        const [memories, pending] = await Promise.all([
          api.get<MemoryPage>(
            '/v1/memories',
            { category, page, pageSize: PAGE_SIZE } satisfies ListMemoriesParams,
            signal,
          ),
          api.get<{ proposals: Proposal[] }>('/v1/proposals', undefined, signal),
        ]);
        setData(memories);
        setProposals(pending.proposals);
        optionsRef.current.onError(null);
      } catch (e) {
        if ((e as Error).name !== 'AbortError') optionsRef.current.onError((e as Error).message);
      }
    },
    [api, category, page],
  );

  useEffect(() => {
    const abort = new AbortController();
    void load(abort.signal);
    return () => abort.abort();
  }, [load]);

  // Live refresh: a change pushed by the server reloads the page of memories. The edit in progress is
  // separate state (its draft and the version it started from), so a reload never touches it.
  const loadRef = useRef(load);
  loadRef.current = load;
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const reload = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void loadRef.current(), 150);
    };
    const stop = followChanges(api.key, {
      onReady: reload,
      onStatus: setLive,
      onChange(change) {
        optionsRef.current.onChange(change);
        reload();
      },
    });
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [api]);

  return { data, proposals, live, load };
}

/** Search in the active tab: debounced, from MIN_SEARCH_CHARS characters; null when not searching. */
export function useMemorySearch(
  api: Api,
  query: string,
  category: Category,
  onError: (message: string) => void,
) {
  const [hits, setHits] = useState<SearchHit[] | null>(null);
  const onErrorRef = useRef(onError);
  onErrorRef.current = onError;
  useEffect(() => {
    const q = query.trim();
    if (q.length < MIN_SEARCH_CHARS) {
      setHits(null);
      return;
    }
    const abort = new AbortController();
    const timer = setTimeout(() => {
      api
        .get<{ hits: SearchHit[] }>(
          '/v1/memories/search',
          { q, category, limit: 50 } satisfies SearchMemoriesParams,
          abort.signal,
        )
        .then((r) => setHits(r.hits))
        .catch((e: Error) => e.name !== 'AbortError' && onErrorRef.current(e.message));
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [api, query, category]);
  return hits;
}
