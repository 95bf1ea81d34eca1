import { useCallback, useEffect, useState } from 'react';
import type { Api } from '../api';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { ErrorText, Status, when } from '../components/Status';
import type { Insight, Profile } from '../types';

/** The profile page's banner texts (docs/profile.md). */
export const BLOCKED_COST_CAP =
  'Auto-refresh paused — daily usage limit reached. Will retry automatically';
export const BLOCKED_OTHER = 'Auto-refresh paused — service temporarily unavailable.';
export const STALE = 'Your profile may be out of date';

const REFRESH_WAIT_MS = 30_000;

export function ProfilePage({ api }: { api: Api }) {
  const [profile, setProfile] = useState<Profile | null>(null);
  const [insights, setInsights] = useState<Insight[]>([]);
  const [refreshing, setRefreshing] = useState(false);
  const [deleting, setDeleting] = useState<Insight | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      const [p, i] = await Promise.all([
        api.get<Profile>('/v1/profile'),
        api.get<{ insights: Insight[] }>('/v1/insights'),
      ]);
      setProfile(p);
      setInsights(i.insights);
      return p;
    } catch (e) {
      setError((e as Error).message);
      return null;
    }
  }, [api]);

  useEffect(() => {
    void load();
  }, [load]);

  /** Clears the block and asks for a new synthesis, then follows the profile until it lands or is blocked again. */
  const refresh = async () => {
    setRefreshing(true);
    setError(null);
    const before = profile?.generatedAt ?? null;
    try {
      let current = await api.post<Profile>('/v1/profile/refresh');
      setProfile(current);
      const deadline = Date.now() + REFRESH_WAIT_MS;
      for (
        let delay = 250;
        current.generatedAt === before && !current.blocked && Date.now() < deadline;
        delay = Math.min(delay * 2, 2000)
      ) {
        await new Promise((resolve) => setTimeout(resolve, delay));
        current = (await load()) ?? current;
      }
      setStatus(
        current.generatedAt !== before
          ? 'Profile refreshed.'
          : current.blocked
            ? 'The refresh could not run.'
            : 'The refresh is still running: the profile updates when it is done.',
      );
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setRefreshing(false);
    }
  };

  const dismiss = async (insight: Insight) => {
    try {
      await api.post(`/v1/insights/${encodeURIComponent(insight.id)}/dismiss`);
      setStatus('Insight dismissed.');
      await load();
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const remove = async () => {
    const target = deleting;
    setDeleting(null);
    if (!target) return;
    try {
      await api.delete(`/v1/insights/${encodeURIComponent(target.id)}`);
      setStatus('Insight deleted.');
      await load();
    } catch (e) {
      setError((e as Error).message);
    }
  };

  const refreshButton = (
    <button type="button" onClick={() => void refresh()} disabled={refreshing}>
      {refreshing ? 'Refreshing…' : 'Refresh Profile'}
    </button>
  );

  return (
    <section aria-labelledby="profile-title">
      <h1 id="profile-title">Core Profile</h1>
      <Status message={status} />
      <ErrorText error={error} />
      {profile?.blocked ? (
        <div className="banner warning" role="region" aria-label="Profile refresh paused">
          <p>
            {profile.blocked.reason === 'cost_cap' ? BLOCKED_COST_CAP : BLOCKED_OTHER}
            {profile.blocked.reason === 'cost_cap' && profile.blocked.retryAt
              ? ` (after ${when(profile.blocked.retryAt)}).`
              : ''}
          </p>
          {refreshButton}
        </div>
      ) : profile?.isStale ? (
        <div className="banner" role="region" aria-label="Profile out of date">
          <p>{STALE}: newer artifacts arrived since it was written.</p>
          {refreshButton}
        </div>
      ) : null}
      <article className="card profile">
        {profile === null ? (
          <p>Loading…</p>
        ) : profile.text ? (
          <>
            <p className="meta">
              Written {when(profile.generatedAt)} from {profile.artifactCount} artifacts
            </p>
            <div className="profile-text">{profile.text}</div>
          </>
        ) : (
          <p>No profile yet: it is written once you have at least three artifacts.</p>
        )}
      </article>

      <section aria-labelledby="insights-title">
        <h2 id="insights-title">Insights</h2>
        {insights.length === 0 ? (
          <p className="empty">No insights across your artifacts yet.</p>
        ) : (
          <ul className="insights">
            {insights.map((i) => (
              <li key={i.id} className="card insight">
                <p>
                  <span className="tag">{i.kind}</span> {i.summary}
                </p>
                <p className="meta">
                  {i.artifacts.map((a) => a.title).join(' ↔ ')} · {when(i.detectedAt)}
                </p>
                <div className="actions">
                  <button
                    type="button"
                    className="quiet"
                    onClick={() => void dismiss(i)}
                    aria-label={`Dismiss: ${i.summary}`}
                  >
                    Dismiss
                  </button>
                  <button
                    type="button"
                    className="quiet danger-text"
                    onClick={() => setDeleting(i)}
                    aria-label={`Delete: ${i.summary}`}
                  >
                    Delete
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this insight?"
        confirmLabel="Delete"
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(null)}
      >
        <p>“{deleting?.summary}” will not come back.</p>
      </ConfirmDialog>
    </section>
  );
}
