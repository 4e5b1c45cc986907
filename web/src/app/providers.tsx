import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { connectApiToSession, sessionStore } from '../lib/browser-session';
import { createQueryClient } from '../lib/query-client';
import { SlotsProvider } from '../lib/slots';
import { featureSlots } from './feature-slots';

connectApiToSession();

export interface ProvidersProps {
  children: ReactNode;
}

export function Providers({ children }: ProvidersProps) {
  const [queryClient] = useState(createQueryClient);

  // A different (or no) user must never see the previous user's data: drop everything but the public config.
  useEffect(() => {
    let token = sessionStore.getState().token;
    return sessionStore.subscribe(() => {
      const next = sessionStore.getState().token;
      if (next === token) return;
      token = next;
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'config' });
    });
  }, [queryClient]);

  return (
    <QueryClientProvider client={queryClient}>
      <SlotsProvider slots={featureSlots}>{children}</SlotsProvider>
    </QueryClientProvider>
  );
}
