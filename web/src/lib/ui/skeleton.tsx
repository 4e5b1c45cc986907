/**
 * A loading placeholder in the shape of what is coming (a title and lines), instead of "Loading…" text. Assistive
 * technology hears the label once, politely; the shimmer stops when the user asks for reduced motion (kit.css).
 */
export interface SkeletonProps {
  /** What is loading, in words ("Loading your bills…"): read by screen readers, not shown. */
  label: string;
  /** How many lines of text to stand for (3 by default). */
  lines?: number;
  /** A heading-sized first line. */
  title?: boolean;
}

export function Skeleton({ label, lines = 3, title = false }: SkeletonProps) {
  return (
    <div className="skeleton" role="status">
      <span className="visually-hidden">{label}</span>
      {title && <span className="skeleton__line skeleton__line--title" aria-hidden="true" />}
      {Array.from({ length: lines }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholder lines, never reordered.
        <span key={i} className="skeleton__line" aria-hidden="true" />
      ))}
    </div>
  );
}
