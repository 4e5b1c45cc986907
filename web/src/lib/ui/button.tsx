/**
 * Buttons of every screen (the `.button` styles keep them at least 44 px tall): a button, and links and labels that
 * look like one (the router link that looks like one is in button-link.tsx, so the sign-in page's first paint does not
 * need the router). Variants: primary (default), secondary, danger, and link (a button that reads as a link).
 */
import type { AnchorHTMLAttributes, ButtonHTMLAttributes, LabelHTMLAttributes } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'link';

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
  const base = variant === 'link' ? ['link-button'] : ['button', variant === 'primary' ? '' : `button--${variant}`];
  return [...base, block ? 'button--block' : '', small ? 'button--small' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, ButtonStyle {
  /** Work under way: the button is disabled, shows a spinner and says so to assistive technology. */
  busy?: boolean;
  /** What the button reads while busy ("Downloading…", "Paying…"); its own text otherwise. */
  busyText?: string;
}

export function Button({
  variant,
  block,
  small,
  className,
  busy = false,
  busyText,
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
      {busy && busyText ? busyText : children}
    </button>
  );
}

export type ButtonAnchorProps = AnchorHTMLAttributes<HTMLAnchorElement> & ButtonStyle;

/** A plain link (another site, a file, tel:) that looks like a button. */
export function ButtonAnchor({ variant, block, small, className, children, ...rest }: ButtonAnchorProps) {
  return (
    <a className={buttonClass({ variant, block, small, className })} {...rest}>
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
