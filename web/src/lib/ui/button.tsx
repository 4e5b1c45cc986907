/**
 * Buttons of every screen (the `.button` styles keep them at least 44 px tall): a button, and links and labels that
 * look like one (the router link that looks like one is in button-link.tsx, so the sign-in page's first paint does not
 * need the router). The hierarchy of actions (docs/ui-kit.md): primary (default; one per view), secondary (outlined),
 * tertiary (a button that reads as a link; `link` is its older name) and destructive (cancel, remove, retire, reset;
 * `danger` is its older name, always confirmed with ConfirmDialog). Busy and disabled come from here, never by hand.
 */
import type { AnchorHTMLAttributes, ButtonHTMLAttributes, LabelHTMLAttributes, ReactNode } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'tertiary' | 'destructive' | 'danger' | 'link';

export interface ButtonStyle {
  variant?: ButtonVariant;
  /** Full width (stacked action lists on a phone). */
  block?: boolean;
  /** The smaller button of a table row. */
  small?: boolean;
  className?: string | undefined;
}

/** The class names of a button-looking element. */
export function buttonClass({
  variant = 'primary',
  block = false,
  small = false,
  className,
}: ButtonStyle = {}): string {
  const kind = variant === 'danger' ? 'destructive' : variant === 'link' ? 'tertiary' : variant;
  const base = kind === 'tertiary' ? ['link-button'] : ['button', kind === 'primary' ? '' : `button--${kind}`];
  return [...base, block ? 'button--block' : '', small ? 'button--small' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, ButtonStyle {
  /** Work under way: the button is disabled, shows a spinner and says so to assistive technology. */
  busy?: boolean;
  /** What the button reads while busy ("Downloading…", "Paying…"); its own text otherwise. */
  busyText?: string;
  /** An icon before the text (lib/ui/icons.ts), hidden from assistive technology; the spinner takes its place while busy. */
  icon?: ReactNode;
}

export function Button({
  variant,
  block,
  small,
  className,
  busy = false,
  busyText,
  icon,
  disabled,
  type = 'button',
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClass({ variant, block, small, className })}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {icon && !busy ? <IconSlot>{icon}</IconSlot> : null}
      {busy && busyText ? busyText : children}
    </button>
  );
}

export function IconSlot({ children }: { children: ReactNode }) {
  return (
    <span className="button__icon" aria-hidden="true">
      {children}
    </span>
  );
}

export type ButtonAnchorProps = AnchorHTMLAttributes<HTMLAnchorElement> & ButtonStyle & { icon?: ReactNode };

/** A plain link (another site, a file, tel:) that looks like a button; `icon` goes before the text. */
export function ButtonAnchor({ variant, block, small, className, children, icon, ...rest }: ButtonAnchorProps) {
  return (
    <a className={buttonClass({ variant, block, small, className })} {...rest}>
      {icon ? <IconSlot>{icon}</IconSlot> : null}
      {children}
    </a>
  );
}

export type ButtonLabelProps = LabelHTMLAttributes<HTMLLabelElement> & ButtonStyle;

/** A label that looks like a button: the visible face of a hidden file input it wraps or names. */
export function ButtonLabel({ variant, block, small, className, children, ...rest }: ButtonLabelProps) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control is the wrapped or named file input.
    <label className={buttonClass({ variant, block, small, className })} {...rest}>
      {children}
    </label>
  );
}
