import { useEffect, useId, useRef } from 'react';

export interface ConfirmDialogProps {
  message: string;
  yesLabel: string;
  noLabel: string;
  onYes(): void;
  onNo(): void;
}

/** A modal question with two answers; Escape answers No. */
export function ConfirmDialog({ message, yesLabel, noLabel, onYes, onNo }: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      className="confirm-dialog"
      role="alertdialog"
      aria-labelledby={id}
      onCancel={(e) => {
        e.preventDefault();
        onNo();
      }}
    >
      <p id={id} className="confirm-dialog__message">
        {message}
      </p>
      <div className="actions">
        <button type="button" className="button" onClick={onYes}>
          {yesLabel}
        </button>
        <button type="button" className="button button--secondary" onClick={onNo}>
          {noLabel}
        </button>
      </div>
    </dialog>
  );
}
