/** The availability answer's "Did you mean" addresses (public /order and the staff phone sale), each a button. */
import type { AvailabilityResult } from '@strand/domain';
import { Button } from '../ui/button';

type Suggestion = AvailabilityResult['suggestions'][number];

/** An answer that found no address: suggestions to pick, or the address to use as typed. */
export const isUnresolved = (result: AvailabilityResult) =>
  result.status === 'suggestions' || result.status === 'unknown';

export function AddressSuggestions({
  suggestions,
  onPick,
}: {
  suggestions: Suggestion[];
  onPick(suggestion: Suggestion): void;
}) {
  if (suggestions.length === 0) return null;
  return (
    <ul className="order-suggestions" aria-label="Suggested addresses">
      {suggestions.map((s) => (
        <li key={s.label}>
          <Button variant="secondary" onClick={() => onPick(s)}>
            Use {s.label}
          </Button>
        </li>
      ))}
    </ul>
  );
}
