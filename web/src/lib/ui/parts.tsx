/** Pieces several pages share: a labelled select and text area (on Field), section navigation, tickets. */
import * as RovingFocus from '@radix-ui/react-roving-focus';
import { type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes, useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Field } from './field';
import { StatusBadge } from './status-badge';

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'onChange' | 'value'> {
  label: string;
  value: string;
  onValueChange(value: string): void;
  options: ReadonlyArray<{ value: string; label: string }>;
  error?: string | undefined;
  hint?: string;
}

export function SelectField({ label, value, onValueChange, options, error, hint, ...rest }: SelectFieldProps) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => (
        <select
          {...control}
          className="select"
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          {...rest}
        >
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

export interface TextAreaFieldProps
  extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'onChange' | 'value'> {
  label: string;
  value: string;
  onValueChange(value: string): void;
  error?: string | undefined;
  hint?: string;
}

export function TextAreaField({ label, value, onValueChange, error, hint, ...rest }: TextAreaFieldProps) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => (
        <textarea
          {...control}
          className="textarea"
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          {...rest}
        />
      )}
    </Field>
  );
}

export interface SectionNavProps {
  label: string;
  sections: ReadonlyArray<{ id: string; label: string }>;
  current: string;
}

/**
 * In-page sections as links (?section=…), so each has an address and the back button works. Like tabs (Radix
 * roving focus): Tab reaches the current section only, the arrow keys (and Home, End) move between the sections, Enter
 * opens one; on a phone they stay one row that scrolls sideways, the current one scrolled into view.
 */
export function SectionNav({ label, sections, current }: SectionNavProps) {
  const currentRef = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    // On a phone the row is wider than the screen: bring the current section into sight, without moving the page.
    const link = currentRef.current;
    const row = link?.closest('ul');
    if (!link || !row || row.scrollWidth <= row.clientWidth) return;
    row.scrollLeft = Math.max(0, link.offsetLeft - (row.clientWidth - link.offsetWidth) / 2);
  }, []);
  return (
    <nav className="section-nav" aria-label={label}>
      <RovingFocus.Root asChild orientation="horizontal" loop>
        <ul>
          {sections.map((s) => (
            <li key={s.id}>
              <RovingFocus.Item asChild focusable active={s.id === current}>
                <Link
                  ref={s.id === current ? currentRef : undefined}
                  to={`?section=${s.id}`}
                  aria-current={s.id === current ? 'page' : undefined}
                  replace
                >
                  {s.label}
                </Link>
              </RovingFocus.Item>
            </li>
          ))}
        </ul>
      </RovingFocus.Root>
    </nav>
  );
}

export interface TicketCardProps {
  /** The heading's id, unique on the page. */
  headingId: string;
  number: number;
  subject: string;
  status: string;
  /** The line under the heading: category, when, by whom. */
  meta: ReactNode;
  description: string;
}

/** A trouble ticket or business-center request in a list: number, subject, status, its line of facts, the text. */
export function TicketCard({ headingId, number, subject, status, meta, description }: TicketCardProps) {
  return (
    <article className="card item-card" aria-labelledby={headingId}>
      <header className="item-card__head">
        <h3 id={headingId}>
          #{number} {subject}
        </h3>
        <StatusBadge status={status} />
      </header>
      <p className="muted">{meta}</p>
      <p className="prewrap">{description}</p>
    </article>
  );
}
