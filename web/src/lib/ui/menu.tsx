/**
 * A "More actions" menu (Radix DropdownMenu): the secondary actions of a view behind one button, so the primary
 * action stands alone. Arrow keys move, Enter or Space choose, Escape closes and gives the focus back to the button;
 * typing a letter jumps to the item that starts with it. A destructive item is red and still asks through
 * ConfirmDialog (its `onSelect` opens the dialog).
 */
import * as MenuPrimitive from '@radix-ui/react-dropdown-menu';
import { Ellipsis } from 'lucide-react';
import type { ReactNode } from 'react';
import { buttonClass } from './button';

export interface MenuItem {
  label: string;
  onSelect(): void;
  /** An icon before the words (lib/ui/icons.ts), hidden from assistive technology. */
  icon?: ReactNode;
  /** Cancel, remove, retire, reset…: red, and the caller confirms it. */
  destructive?: boolean;
  disabled?: boolean;
}

export interface MenuProps {
  items: readonly MenuItem[];
  /** The button's words; "More actions" unless told. */
  label?: string;
  /** Which edge of the button the menu lines up with. */
  align?: 'start' | 'end';
  small?: boolean;
  /** Said after the button's words to a screen reader when a page has several menus ("More actions for 1234"). */
  context?: string;
}

export function Menu({ items, label = 'More actions', align = 'end', small, context }: MenuProps) {
  return (
    <MenuPrimitive.Root modal={false}>
      <MenuPrimitive.Trigger className={buttonClass({ variant: 'secondary', small, className: 'kit-menu__trigger' })}>
        <Ellipsis className="icon" aria-hidden="true" />
        {label}
        {context ? <span className="visually-hidden"> for {context}</span> : null}
      </MenuPrimitive.Trigger>
      <MenuPrimitive.Portal>
        <MenuPrimitive.Content className="kit-menu" align={align} sideOffset={4} collisionPadding={8}>
          {items.map((item) => (
            <MenuPrimitive.Item
              key={item.label}
              className={item.destructive ? 'kit-menu__item kit-menu__item--destructive' : 'kit-menu__item'}
              disabled={item.disabled}
              onSelect={item.onSelect}
            >
              {item.icon ? (
                <span className="button__icon" aria-hidden="true">
                  {item.icon}
                </span>
              ) : null}
              {item.label}
            </MenuPrimitive.Item>
          ))}
        </MenuPrimitive.Content>
      </MenuPrimitive.Portal>
    </MenuPrimitive.Root>
  );
}
