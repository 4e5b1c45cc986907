/**
 * One status badge for the whole portal, one colour per state (Atlassian's lozenges, Primer's labels): Active is green
 * on Services, Wholesale and Orders alike. The tone comes from the state's words; a caller whose word is not in the
 * table (or means something else there) passes `tone`.
 */
export type StatusTone = 'success' | 'warning' | 'danger' | 'info' | 'neutral';

/** The words of each tone, matched as whole words at the start of the status, case-insensitive. */
const TONES: ReadonlyArray<[StatusTone, RegExp]> = [
  ['danger', /^(past due|overdue|declined|failed|failure|rejected|expired|disabled|error|suspended|refused)\b/i],
  [
    'success',
    /^(active|paid|complete|completed|closed|installed|submitted|sent|delivered|done|current|enabled|approved|accepted|ready|on)\b/i,
  ],
  ['warning', /^(in progress|pending|waiting|retried|retrying|partially|partly|due|on hold|expiring|queued)\b/i],
  ['info', /^(open|new|placed|scheduled|survey|drop built|spliced|assigned|processing|issued|invited|in review)\b/i],
  ['neutral', /^(cancelled|canceled|inactive|draft|retired|off|none|unknown|removed|void)\b/i],
];

/** The tone of a status word ("Active" → success, "Past due" → danger); neutral when it is not known. */
export function toneOf(status: string): StatusTone {
  const word = status.trim();
  return TONES.find(([, pattern]) => pattern.test(word))?.[0] ?? 'neutral';
}

export interface StatusBadgeProps {
  /** The state in words, as the user reads it. */
  status: string;
  /** The colour when the words alone do not tell it. */
  tone?: StatusTone | undefined;
  'data-testid'?: string;
}

/** A state in words with its colour (and a dot, so colour is not the only signal). */
export function StatusBadge({ status, tone, 'data-testid': testId }: StatusBadgeProps) {
  return (
    <span className={`status status--${tone ?? toneOf(status)}`} data-testid={testId}>
      {status}
    </span>
  );
}
