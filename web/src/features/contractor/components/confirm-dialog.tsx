import { Button } from '../../../lib/ui/button';
import { Dialog } from '../../../lib/ui/dialog';

export interface ConfirmDialogProps {
  message: string;
  yesLabel: string;
  noLabel: string;
  onYes(): void;
  onNo(): void;
}

/** A modal question with two answers; Escape answers No. */
export function ConfirmDialog({ message, yesLabel, noLabel, onYes, onNo }: ConfirmDialogProps) {
  return (
    <Dialog
      title={message}
      role="alertdialog"
      className="confirm-dialog"
      titleClassName="confirm-dialog__message"
      onCancel={onNo}
    >
      <div className="actions">
        <Button onClick={onYes}>{yesLabel}</Button>
        <Button variant="secondary" onClick={onNo}>
          {noLabel}
        </Button>
      </div>
    </Dialog>
  );
}
