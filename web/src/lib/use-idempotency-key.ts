/**
 * One Idempotency-Key per user action: pressing the button again after a lost answer reuses it, so the server
 * answers the retry from its record instead of writing twice. A changed form or a success starts a new action.
 */
import { useEffect, useMemo, useRef } from 'react';
import { newIdempotencyKey } from './api-client';

export function useIdempotencyKey(input: unknown) {
  const ref = useRef<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new input value is what starts a new action.
  useEffect(() => {
    ref.current = null;
  }, [input]);
  return useMemo(
    () => ({
      get: () => {
        ref.current ??= newIdempotencyKey();
        return ref.current;
      },
      reset: () => {
        ref.current = null;
      },
    }),
    [],
  );
}
