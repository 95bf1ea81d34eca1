/** A polite live region for what just happened, and an alert for what went wrong. */
export function Status({ message }: { message: string | null }) {
  return (
    <p role="status" className="status">
      {message ?? ''}
    </p>
  );
}

export function ErrorText({ error }: { error: string | null }) {
  if (!error) return null;
  return (
    <p role="alert" className="error">
      {error}
    </p>
  );
}

export const when = (iso: string | null | undefined) =>
  iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : '—';
