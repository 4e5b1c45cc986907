import { Link, type LinkProps } from 'react-router';
import { type ButtonStyle, buttonClass } from './button';

export type ButtonLinkProps = LinkProps & ButtonStyle;

/** A router link that looks like a button. */
export function ButtonLink({ variant, block, small, className, ...rest }: ButtonLinkProps) {
  return <Link className={buttonClass({ variant, block, small, className })} {...rest} />;
}
