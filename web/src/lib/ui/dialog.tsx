/**
 * The kit's modal dialogs, on Radix primitives (docs/ui-kit.md says why): focus moves in, is trapped while open and
 * goes back to where it was when the dialog closes; the page behind is hidden from assistive technology; Escape
 * cancels. Rendered in place rather than in a portal, so a dialog opened from inside another modal (the contractor's
 * checklist) stays inside that modal's top layer.
 */
import * as AlertDialogPrimitive from '@radix-ui/react-alert-dialog';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { type ReactNode, useState } from 'react';

export interface DialogProps {
  /** The dialog's name: its heading, or a question for an alert dialog. */
  title: ReactNode;
  /** 'alertdialog' for a question that needs an answer (ConfirmDialog). */
  role?: 'dialog' | 'alertdialog';
  className?: string;
  titleClassName?: string;
  /** Escape (and a click outside a plain dialog) calls this; the dialog shows while it is mounted. */
  onCancel(): void;
  children?: ReactNode;
}

/** A modal dialog, open while mounted. */
export function Dialog({ title, role = 'dialog', className, titleClassName, onCancel, children }: DialogProps) {
  const contentClass = ['kit-dialog', className ?? ''].filter(Boolean).join(' ');
  const titleClass = ['kit-dialog__title', titleClassName ?? ''].filter(Boolean).join(' ');
  const onOpenChange = (open: boolean) => {
    if (!open) onCancel();
  };
  // The element that had the focus when the dialog opened (the button that asked) gets it back when it closes: Radix
  // returns it to its Trigger, and these dialogs open from state rather than a Trigger.
  const [returnTo] = useState(() =>
    typeof document === 'undefined' ? null : (document.activeElement as HTMLElement | null),
  );
  const onCloseAutoFocus = (event: Event) => {
    event.preventDefault();
    if (returnTo?.isConnected) returnTo.focus();
  };
  if (role === 'alertdialog') {
    return (
      <AlertDialogPrimitive.Root open onOpenChange={onOpenChange}>
        <AlertDialogPrimitive.Overlay className="kit-dialog__overlay" />
        <AlertDialogPrimitive.Content
          className={contentClass}
          aria-describedby={undefined}
          onCloseAutoFocus={onCloseAutoFocus}
        >
          <AlertDialogPrimitive.Title className={titleClass}>{title}</AlertDialogPrimitive.Title>
          {children}
        </AlertDialogPrimitive.Content>
      </AlertDialogPrimitive.Root>
    );
  }
  return (
    <DialogPrimitive.Root open onOpenChange={onOpenChange}>
      <DialogPrimitive.Overlay className="kit-dialog__overlay" />
      <DialogPrimitive.Content
        className={contentClass}
        aria-describedby={undefined}
        onCloseAutoFocus={onCloseAutoFocus}
      >
        <DialogPrimitive.Title className={titleClass}>{title}</DialogPrimitive.Title>
        {children}
      </DialogPrimitive.Content>
    </DialogPrimitive.Root>
  );
}

/** The "No" of an alert dialog: Radix focuses it first, so Enter on a destructive question does nothing harmful. */
export function DialogCancel({ children }: { children: ReactNode }) {
  return <AlertDialogPrimitive.Cancel asChild>{children}</AlertDialogPrimitive.Cancel>;
}
