import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Api } from './api';
import { navigate, onLinkClick, usePath } from './router';
import { clearSession, loadSession, saveSession, type SignedIn } from './session';
import { SignIn } from './pages/SignIn';
import { Explorer } from './pages/Explorer';
import { ProfilePage } from './pages/Profile';
import { InventoryPage } from './pages/Inventory';
import { RecallPage } from './pages/Recall';
import { LogsPage } from './pages/Logs';
import { OperationsPage } from './pages/Operations';
import { SessionPage } from './pages/Session';

interface Page {
  path: string;
  label: string;
  /** Pages an account key reads; Operations needs the admin key. */
  needs: 'account' | 'admin';
}

export const PAGES: Page[] = [
  { path: '/explorer', label: 'Memory Explorer', needs: 'account' },
  { path: '/profile', label: 'Core Profile', needs: 'account' },
  { path: '/life-inventory', label: 'Life Inventory', needs: 'account' },
  { path: '/recall', label: 'Recall', needs: 'account' },
  { path: '/logs', label: 'Logs', needs: 'account' },
  { path: '/operations', label: 'Operations', needs: 'admin' },
];

export function App() {
  const [session, setSession] = useState<SignedIn | null>(() => loadSession());
  const path = usePath();
  const mainRef = useRef<HTMLElement>(null);

  const signOut = useCallback(() => {
    clearSession();
    setSession(null);
  }, []);
  const api = useMemo(
    () => (session && session.role === 'account' ? new Api(session.key, signOut) : null),
    [session, signOut],
  );
  const adminApi = useMemo(
    () => (session?.adminKey ? new Api(session.adminKey, () => {}) : null),
    [session],
  );

  const adminOff = useAdminApiOff(session !== null);

  const signedIn = (next: SignedIn) => {
    saveSession(next);
    setSession(next);
    if (path === '/' || path === '/sign-in')
      navigate(next.role === 'admin' ? '/operations' : '/explorer');
  };
  const addAdminKey = (adminKey: string | null) => {
    if (!session) return;
    const next = { ...session, adminKey };
    saveSession(next);
    setSession(next);
  };

  // Each page change moves focus to the page's content, so keyboard and screen-reader users land there.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    mainRef.current?.focus();
  }, [path]);

  const current = session
    ? path === '/'
      ? session.role === 'admin'
        ? '/operations'
        : '/explorer'
      : path
    : '/sign-in';
  const page = PAGES.find((p) => current === p.path);
  useEffect(() => {
    document.title = session
      ? `${page?.label ?? (current.startsWith('/sessions/') ? 'Session' : 'Not found')} · Mnemo`
      : 'Sign in · Mnemo';
  }, [session, page, current]);

  if (!session) {
    return (
      <main id="main" className="signin-page" tabIndex={-1} ref={mainRef}>
        <SignIn onSignedIn={signedIn} />
      </main>
    );
  }

  const visible = PAGES.filter((p) =>
    p.needs === 'admin' ? !adminOff : session.role === 'account',
  );
  let content: React.ReactNode;
  if (session.role === 'admin' && current !== '/operations') {
    content = (
      <p className="notice">
        Signed in with the admin key: only Operations is open. Sign in with an account’s API key for
        its memories.
      </p>
    );
  } else if (current === '/explorer') content = <Explorer api={api!} />;
  else if (current === '/profile') content = <ProfilePage api={api!} />;
  else if (current === '/life-inventory') content = <InventoryPage api={api!} />;
  else if (current === '/recall') content = <RecallPage api={api!} />;
  else if (current === '/logs') content = <LogsPage api={api!} />;
  else if (current === '/operations')
    content = adminOff ? (
      <p className="notice">
        The admin API is off on this server: Operations opens once it runs with MNEMO_ADMIN_KEY set.
      </p>
    ) : (
      <OperationsPage admin={adminApi} onAdminKey={addAdminKey} />
    );
  else if (current.startsWith('/sessions/') && api)
    content = (
      <SessionPage api={api} sessionId={decodeURIComponent(current.slice('/sessions/'.length))} />
    );
  else content = <p className="notice">There is no page at {current}.</p>;

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="top">
        <span className="brand" aria-hidden="true">
          Mnemo
        </span>
        <nav aria-label="Main">
          <ul>
            {visible.map((p) => (
              <li key={p.path}>
                <a
                  href={p.path}
                  onClick={onLinkClick}
                  aria-current={current === p.path ? 'page' : undefined}
                >
                  {p.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <button type="button" className="quiet" onClick={signOut}>
          Sign out
        </button>
      </header>
      <main id="main" tabIndex={-1} ref={mainRef}>
        {content}
      </main>
    </>
  );
}

/**
 * Whether the server runs without an admin key: asked once, without a key, of an admin route, which
 * then answers 403 `admin_disabled` (a server with one answers 401). Until it answers, the page
 * shows as before.
 */
function useAdminApiOff(signedIn: boolean): boolean {
  const [off, setOff] = useState(false);
  useEffect(() => {
    if (!signedIn) return;
    const controller = new AbortController();
    fetch('/v1/admin/stats', { headers: { accept: 'application/json' }, signal: controller.signal })
      .then(async (response) => {
        if (response.status !== 403) return;
        const body = (await response.json().catch(() => null)) as {
          error?: { code?: string };
        } | null;
        setOff(body?.error?.code === 'admin_disabled');
      })
      .catch(() => {});
    return () => controller.abort();
  }, [signedIn]);
  return off;
}
