import { Button } from './button';
import { Dialog } from './dialog';

export interface ConfirmQuestionProps {
  message: string;
  yesLabel: string;
  noLabel: string;
  /** A destructive answer gets the danger style. */
  danger?: boolean;
  busy?: boolean;
  onYes(): void;
  onNo(): void;
}

/** A modal question with two answers (Escape answers No): removing an auth code, making an account Business. */
export function ConfirmQuestion({ message, yesLabel, noLabel, danger, busy, onYes, onNo }: ConfirmQuestionProps) {
  return (
    <Dialog
      title={message}
      role="alertdialog"
      className="confirm-question"
      titleClassName="confirm-question__message"
      onCancel={onNo}
    >
      <div className="actions">
        <Button variant={danger ? 'danger' : 'primary'} busy={busy} onClick={onYes}>
          {yesLabel}
        </Button>
        <Button variant="secondary" onClick={onNo}>
          {noLabel}
        </Button>
      </div>
    </Dialog>
  );
}
