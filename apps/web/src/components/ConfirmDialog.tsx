import { useEffect, useId, useRef } from 'react';

/**
 * A modal confirmation on the native <dialog>: the browser traps focus, Escape cancels, and focus goes
 * back to where it was when it closes.
 */
export function ConfirmDialog(props: {
  open: boolean;
  title: string;
  children: React.ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (props.open && !dialog.open) dialog.showModal();
    if (!props.open && dialog.open) dialog.close();
  }, [props.open]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(e) => (e.preventDefault(), props.onCancel())}
      className="dialog"
    >
      <h2 id={titleId}>{props.title}</h2>
      <div>{props.children}</div>
      <div className="actions">
        <button type="button" className="quiet" onClick={props.onCancel} autoFocus>
          Cancel
        </button>
        <button type="button" className="danger" onClick={props.onConfirm}>
          {props.confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
