import type { ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
import { type ButtonStyle, buttonClass, IconSlot } from './button';

export type ButtonLinkProps = LinkProps & ButtonStyle & { icon?: ReactNode };

/** A router link that looks like a button; `icon` goes before the text. */
export function ButtonLink({ variant, block, small, className, icon, children, ...rest }: ButtonLinkProps) {
  return (
    <Link className={buttonClass({ variant, block, small, className })} {...rest}>
      {icon ? <IconSlot>{icon}</IconSlot> : null}
      {children}
    </Link>
  );
}
