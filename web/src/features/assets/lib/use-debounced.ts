import { debounce, TEXT_DEBOUNCE_MS } from '@strand/domain';
import { useEffect, useMemo, useState } from 'react';

/** The value after it has stopped changing for `ms` (SPEC §9: text inputs settle for 1 s). */
export function useDebounced<T>(value: T, ms: number = TEXT_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  const update = useMemo(() => debounce((v: T) => setSettled(v), ms), [ms]);
  useEffect(() => {
    update(value);
  }, [update, value]);
  useEffect(() => () => update.cancel(), [update]);
  return settled;
}
