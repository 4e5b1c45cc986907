/**
 * Tabs (Radix Tabs) for views that share one address: a tab list and its panels, the arrow keys (and Home, End) move
 * between tabs and show each, Tab goes on into the panel. One row that scrolls sideways on a phone, in the look of the
 * section tabs. Sections that have their own address (?section=…) use SectionNav (parts.tsx) instead.
 */
import * as TabsPrimitive from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';

export interface TabItem {
  id: string;
  label: string;
  content: ReactNode;
}

export interface TabsProps {
  /** Names the tab list. */
  label: string;
  tabs: readonly TabItem[];
  /** The tab shown first (uncontrolled), or the shown tab with onValueChange (controlled). */
  defaultValue?: string;
  value?: string;
  onValueChange?(value: string): void;
}

export function Tabs({ label, tabs, defaultValue, value, onValueChange }: TabsProps) {
  return (
    <TabsPrimitive.Root
      className="kit-tabs"
      defaultValue={defaultValue ?? tabs[0]?.id}
      value={value}
      onValueChange={onValueChange}
      activationMode="automatic"
    >
      <TabsPrimitive.List className="section-nav kit-tabs__list" aria-label={label}>
        {tabs.map((t) => (
          <TabsPrimitive.Trigger key={t.id} value={t.id} className="kit-tabs__tab">
            {t.label}
          </TabsPrimitive.Trigger>
        ))}
      </TabsPrimitive.List>
      {tabs.map((t) => (
        <TabsPrimitive.Content key={t.id} value={t.id} className="kit-tabs__panel">
          {t.content}
        </TabsPrimitive.Content>
      ))}
    </TabsPrimitive.Root>
  );
}
