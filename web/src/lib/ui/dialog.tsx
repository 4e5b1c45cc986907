import { type ReactNode, useEffect, useId, useRef } from 'react';

export interface DialogProps {
  /** The dialog's name: its heading, or a question for an alert dialog. */
  title: ReactNode;
  /** 'alertdialog' for a question that needs an answer. */
  role?: 'dialog' | 'alertdialog';
  className?: string;
  titleClassName?: string;
  /** Escape (the dialog's cancel) calls this instead of closing it by itself. */
  onCancel(): void;
  children?: ReactNode;
}

/** A modal `<dialog>`, shown with showModal() while mounted (focus kept inside, the page behind inert). */
export function Dialog({ title, role = 'dialog', className, titleClassName, onCancel, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal?.();
    return () => dialog?.close?.();
  }, []);
  return (
    <dialog
      ref={ref}
      className={className}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-labelledby={id}
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
    >
      <p id={id} className={titleClassName}>
        {title}
      </p>
      {children}
    </dialog>
  );
}
