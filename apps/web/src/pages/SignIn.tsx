import { useId, useState } from 'react';
import { probeKey } from '../api';
import type { SignedIn } from '../session';

export function SignIn({ onSignedIn }: { onSignedIn: (session: SignedIn) => void }) {
  const [key, setKey] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  const errorId = useId();

  // Shows its own errors, so the form fires it and forgets the promise.
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const trimmed = key.trim();
    if (!trimmed) {
      setError('Enter your API key.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const role = await probeKey(trimmed);
      if (!role) setError('That key was refused: check it and try again.');
      else onSignedIn({ key: trimmed, role, adminKey: role === 'admin' ? trimmed : null });
    } catch (e) {
      setError(`Mnemo did not answer: ${(e as Error).message}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="card signin"
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-labelledby="signin-title"
    >
      <h1 id="signin-title">Sign in to Mnemo</h1>
      <p>
        Use your account’s API key (or the admin key for Operations). It is kept for this tab only.
      </p>
      <label htmlFor={inputId}>API key</label>
      <input
        id={inputId}
        type="password"
        autoComplete="current-password"
        value={key}
        onChange={(e) => setKey(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        required
      />
      {error && (
        <p id={errorId} role="alert" className="error">
          {error}
        </p>
      )}
      <button type="submit" disabled={busy}>
        {busy ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}
