import type { CustomerMatch, SuperLinkResponse } from '@strand/domain';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { Button } from '../../../lib/ui/button';
import { EmptyState } from '../../../lib/ui/empty-state';
import { FormAlert } from '../../../lib/ui/form-alert';
import { useIssueSuperLink } from '../api/issue-super-link';
import { SuperLinkCard } from './super-link-card';

export interface CustomerResultsProps {
  customers: CustomerMatch[];
}

/** Matching customer accounts, each with a button that issues a super-user link for it. */
export function CustomerResults({ customers }: CustomerResultsProps) {
  const issue = useIssueSuperLink();
  const [link, setLink] = useState<SuperLinkResponse | null>(null);

  const onIssue = async (vcCustomerID: string) => {
    setLink(null);
    try {
      setLink(await issue.mutateAsync(vcCustomerID));
    } catch {
      // The error is shown from the mutation state below.
    }
  };

  if (customers.length === 0) {
    return <EmptyState>No customers match that search.</EmptyState>;
  }

  return (
    <div className="stack">
      <h2 className="section-title">
        {customers.length} customer{customers.length === 1 ? '' : 's'} found
      </h2>
      <ul className="result-list">
        {customers.map((customer) => (
          <li key={customer.vcCustomerID} className="result-item">
            <div>
              <p className="result-item__title">{customer.vcCustomerName}</p>
              <p className="muted">
                {customer.vcCustomerID} · {customer.vcCustomerType}
              </p>
            </div>
            <Button
              type="button"
              variant="secondary"
              disabled={issue.isPending}
              onClick={() => onIssue(customer.vcCustomerID)}
            >
              Issue link<span className="visually-hidden"> for {customer.vcCustomerName}</span>
            </Button>
          </li>
        ))}
      </ul>
      {issue.isError && <FormAlert message={errorMessage(issue.error)} />}
      {link && <SuperLinkCard link={link} />}
    </div>
  );
}
