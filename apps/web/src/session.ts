/** The keys live in session storage: they last as long as the tab, and leave with it. */
const KEY = 'mnemo.apiKey';
const ROLE = 'mnemo.role';
const ADMIN = 'mnemo.adminKey';

export type Role = 'account' | 'admin';

export interface SignedIn {
  key: string;
  role: Role;
  /** An admin key added from the Operations page while signed in with an account key. */
  adminKey: string | null;
}

export function loadSession(): SignedIn | null {
  const key = sessionStorage.getItem(KEY);
  const role = sessionStorage.getItem(ROLE) as Role | null;
  if (!key || (role !== 'account' && role !== 'admin')) return null;
  return { key, role, adminKey: role === 'admin' ? key : sessionStorage.getItem(ADMIN) };
}

export function saveSession(session: SignedIn): void {
  sessionStorage.setItem(KEY, session.key);
  sessionStorage.setItem(ROLE, session.role);
  if (session.adminKey && session.role === 'account')
    sessionStorage.setItem(ADMIN, session.adminKey);
  else sessionStorage.removeItem(ADMIN);
}

export function clearSession(): void {
  sessionStorage.removeItem(KEY);
  sessionStorage.removeItem(ROLE);
  sessionStorage.removeItem(ADMIN);
}
