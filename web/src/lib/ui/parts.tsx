/** Pieces several pages share: a labelled select and text area (on Field), section navigation, tickets. */
import {
  type KeyboardEvent,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useEffect,
  useRef,
} from 'react';
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

const ROVING_KEYS: Readonly<Record<string, (index: number, count: number) => number>> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_i, n) => n - 1,
};

/** The tabs pattern's keys on a row of links: arrows (wrapping), Home and End move the focus between them. */
function moveAmongLinks(event: KeyboardEvent<HTMLUListElement>) {
  const move = ROVING_KEYS[event.key];
  if (!move) return;
  const links = [...event.currentTarget.querySelectorAll<HTMLAnchorElement>('a[href]')];
  const from = links.indexOf(document.activeElement as HTMLAnchorElement);
  if (from < 0) return;
  event.preventDefault();
  links[move(from, links.length)]?.focus();
}

/**
 * In-page sections as links (?section=…), so each has an address and the back button works. Keyboard as tabs: Tab
 * reaches the current section only, the arrow keys (and Home, End) move between the sections, Enter opens one. On a
 * phone they stay one row that scrolls sideways, the current one scrolled into view. (Radix's roving focus did the
 * same for 6.5 KB more on every page with sections, over the pages' budgets: these few lines do it.)
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
  const reachable = sections.some((s) => s.id === current) ? current : sections[0]?.id;
  return (
    <nav className="section-nav" aria-label={label}>
      <ul onKeyDown={moveAmongLinks}>
        {sections.map((s) => (
          <li key={s.id}>
            <Link
              ref={s.id === current ? currentRef : undefined}
              to={`?section=${s.id}`}
              aria-current={s.id === current ? 'page' : undefined}
              tabIndex={s.id === reachable ? undefined : -1}
              replace
            >
              {s.label}
            </Link>
          </li>
        ))}
      </ul>
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
