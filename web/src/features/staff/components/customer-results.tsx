import type { CustomerMatch, MakeBusinessResponse, SuperLinkResponse } from '@strand/domain';
import { useState } from 'react';
import { staffAccountPath, staffCustomerNotificationsPath } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { popup } from '../../../lib/popup-store';
import { Button } from '../../../lib/ui/button';
import { ButtonLink } from '../../../lib/ui/button-link';
import { ConfirmDialog } from '../../../lib/ui/confirm-dialog';
import { EmptyState } from '../../../lib/ui/empty-state';
import { FormAlert } from '../../../lib/ui/form-alert';
import { useIssueSuperLink } from '../api/issue-super-link';
import { useMakeBusiness } from '../api/make-business';
import '../../../styles/staff.css';
import { SuperLinkCard } from './super-link-card';

export interface CustomerResultsProps {
  customers: CustomerMatch[];
  /** Sales staff (and admins) may make a residential or consumer account a business one. */
  mayMakeBusiness?: boolean;
}

/** Matching customer accounts, each with a button that issues a super-user link for it. */
export function CustomerResults({ customers, mayMakeBusiness = false }: CustomerResultsProps) {
  const issue = useIssueSuperLink();
  const [link, setLink] = useState<SuperLinkResponse | null>(null);
  const makeBusiness = useMakeBusiness();
  const [asking, setAsking] = useState<CustomerMatch | null>(null);
  const [made, setMade] = useState<MakeBusinessResponse | null>(null);

  const onMakeBusiness = async (customer: CustomerMatch) => {
    setAsking(null);
    setMade(null);
    try {
      const result = await makeBusiness.mutateAsync(customer.vcCustomerID);
      setMade(result);
      popup.show(`${result.vcCustomerName} is now a business account`);
    } catch {
      // Shown from the mutation state below.
    }
  };

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
            <p className="actions">
              <ButtonLink variant="secondary" to={staffAccountPath(customer.vcCustomerID)}>
                History<span className="visually-hidden"> of {customer.vcCustomerName}</span>
              </ButtonLink>
              {mayMakeBusiness && customer.vcCustomerType !== 'Business' && (
                <Button
                  type="button"
                  variant="secondary"
                  disabled={makeBusiness.isPending}
                  onClick={() => setAsking(customer)}
                >
                  Make business account<span className="visually-hidden"> of {customer.vcCustomerName}</span>
                </Button>
              )}
              <ButtonLink variant="secondary" to={staffCustomerNotificationsPath(customer.vcCustomerID)}>
                Notifications sent<span className="visually-hidden"> to {customer.vcCustomerName}</span>
              </ButtonLink>
              <Button
                type="button"
                variant="secondary"
                disabled={issue.isPending}
                onClick={() => onIssue(customer.vcCustomerID)}
              >
                Issue link<span className="visually-hidden"> for {customer.vcCustomerName}</span>
              </Button>
            </p>
          </li>
        ))}
      </ul>
      {issue.isError && <FormAlert message={errorMessage(issue.error)} />}
      {makeBusiness.isError && <FormAlert message={errorMessage(makeBusiness.error)} />}
      {made && (
        <FormAlert
          tone="success"
          message={`${made.vcCustomerName} (${made.vcCustomerID}) is now a business account (was ${made.previousType}). Its users were signed out${made.sessionsEnded ? ` of ${made.sessionsEnded} session${made.sessionsEnded === 1 ? '' : 's'}` : ''} and get the business portal at their next sign-in.`}
        />
      )}
      {asking && (
        <ConfirmDialog
          message={`Make ${asking.vcCustomerName} (${asking.vcCustomerID}) a business account? Its users get the business portal (reports, business-center requests, auth codes) and are signed out now. This cannot be undone here.`}
          yesLabel="Make it a business account"
          noLabel="Cancel"
          busy={makeBusiness.isPending}
          onYes={() => onMakeBusiness(asking)}
          onNo={() => setAsking(null)}
        />
      )}
      {link && <SuperLinkCard link={link} />}
    </div>
  );
}
