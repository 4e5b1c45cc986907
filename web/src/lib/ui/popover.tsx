/**
 * A popover (Radix Popover): a small panel of help or detail opened from a button, not modal. Escape or a click
 * outside closes it and the focus goes back to the button; it is named by its title.
 */
import * as PopoverPrimitive from '@radix-ui/react-popover';
import { X } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { type ButtonVariant, buttonClass } from './button';

export interface PopoverProps {
  /** The button's words. */
  label: ReactNode;
  /** The panel's heading, and its name. */
  title: string;
  children: ReactNode;
  variant?: ButtonVariant;
  /** An icon before the button's words. */
  icon?: ReactNode;
  align?: 'start' | 'center' | 'end';
}

export function Popover({ label, title, children, variant = 'tertiary', icon, align = 'start' }: PopoverProps) {
  const titleId = useId();
  return (
    <PopoverPrimitive.Root>
      <PopoverPrimitive.Trigger className={buttonClass({ variant, className: 'kit-popover__trigger' })}>
        {icon ? (
          <span className="button__icon" aria-hidden="true">
            {icon}
          </span>
        ) : null}
        {label}
      </PopoverPrimitive.Trigger>
      <PopoverPrimitive.Portal>
        <PopoverPrimitive.Content
          className="kit-popover"
          align={align}
          sideOffset={6}
          collisionPadding={8}
          aria-labelledby={titleId}
        >
          <div className="kit-popover__head">
            <h2 id={titleId} className="kit-popover__title">
              {title}
            </h2>
            <PopoverPrimitive.Close className="kit-popover__close" aria-label="Close">
              <X className="icon" aria-hidden="true" />
            </PopoverPrimitive.Close>
          </div>
          {children}
        </PopoverPrimitive.Content>
      </PopoverPrimitive.Portal>
    </PopoverPrimitive.Root>
  );
}
