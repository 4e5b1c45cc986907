import type { ReactNode } from 'react';
import { Button } from './button';
import { Dialog, DialogCancel } from './dialog';

export interface ConfirmDialogProps {
  /** The question (the dialog's name). */
  message: string;
  yesLabel: string;
  noLabel: string;
  /** A destructive answer (cancel, remove, retire, reset…) gets the destructive style. */
  danger?: boolean;
  busy?: boolean;
  /** More of the question: what happens, a reason to give, an error. */
  children?: ReactNode;
  className?: string;
  onYes(): void;
  onNo(): void;
}

/**
 * The one confirm of the portal (`role="alertdialog"`): a question, what follows from it, and two answers. "No" has
 * the focus first and Escape answers it; focus goes back to the button that asked.
 */
export function ConfirmDialog({
  message,
  yesLabel,
  noLabel,
  danger,
  busy,
  children,
  className,
  onYes,
  onNo,
}: ConfirmDialogProps) {
  return (
    <Dialog
      title={message}
      role="alertdialog"
      className={['confirm-dialog', className ?? ''].filter(Boolean).join(' ')}
      titleClassName="confirm-dialog__message"
      onCancel={onNo}
    >
      {children}
      <div className="actions confirm-dialog__actions">
        <Button variant={danger ? 'destructive' : 'primary'} busy={busy} onClick={onYes}>
          {yesLabel}
        </Button>
        <DialogCancel>
          <Button variant="secondary">{noLabel}</Button>
        </DialogCancel>
      </div>
    </Dialog>
  );
}
