/**
 * Paperless billing (issue 28): the account's choice, shown in Settings and in the Billing Center (two features, one
 * piece, so it lives here). Users who may not see bills get nothing; those who may see but not manage billing see
 * the choice without changing it.
 */
import { PaperlessSchema } from '@strand/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, apiRequest, errorMessage } from './api-client';
import { popup } from './popup-store';
import { FormAlert } from './ui/form-alert';

const PATH = '/api/customer/billing/paperless';
const KEY = ['customer', 'billing', 'paperless'] as const;

export function PaperlessBilling({ enabled = true }: { enabled?: boolean }) {
  const queryClient = useQueryClient();
  // The box shows the choice the moment it is clicked: the mutation's own pending state arrives a tick later, and a
  // controlled box would spring back until then.
  const [choosing, setChoosing] = useState<boolean | null>(null);
  const current = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => apiRequest(PATH, { schema: PaperlessSchema, signal }),
    enabled,
  });
  const save = useMutation({
    mutationFn: (paperless: boolean) =>
      apiRequest(PATH, { method: 'PUT', body: { paperless }, schema: PaperlessSchema }),
    onSuccess: (saved) => {
      queryClient.setQueryData(KEY, saved);
      popup.show(saved.paperless ? 'Paperless billing is on' : 'Paperless billing is off');
    },
    onSettled: () => setChoosing(null),
  });
  if (!enabled || current.isPending) return null;
  // A user without "View bills" is refused: the choice is not theirs to see.
  if (current.error instanceof ApiError && current.error.status === 403) return null;
  if (current.isError) return <FormAlert message={errorMessage(current.error)} />;
  const { paperless, mayChange } = current.data;
  return (
    <section className="card form-card" aria-labelledby="paperless-heading">
      <h2 id="paperless-heading">Paperless billing</h2>
      <FormAlert message={save.isError ? errorMessage(save.error) : null} />
      <div className="field field--check">
        <input
          id="paperless-billing"
          type="checkbox"
          checked={choosing ?? paperless}
          disabled={!mayChange || save.isPending}
          aria-describedby="paperless-hint"
          onChange={(event) => {
            setChoosing(event.target.checked);
            save.mutate(event.target.checked);
          }}
        />
        <label htmlFor="paperless-billing">Email my bills only — no paper bill in the mail</label>
      </div>
      <p id="paperless-hint" className="muted">
        {mayChange
          ? 'This is for the whole account. Bills are always in the Billing Center.'
          : 'Only a user with the “Pay bills” permission can change this for the account.'}
      </p>
    </section>
  );
}
