import { filterOf, type SubscriberListQuery } from '@strand/domain';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { FormAlert } from '../../../lib/ui/form-alert';
import { usePageTitle } from '../../../lib/ui/page-title';
import { Skeleton } from '../../../lib/ui/skeleton';
import { useSubscriberOptions, useSubscribers } from '../api/subscribers';
import { NetworkOnly } from './network-only';
import { NoticeComposer } from './notice-composer';
import { NoticesSection } from './notices-section';
import { PAGE_SIZE, SubscriberListSection } from './subscriber-list-section';
import '../../../styles/customer.css';
import '../../../styles/reports.css';
import '../../../styles/subscribers.css';

/** /staff/subscribers (network staff): build a subscriber list, export it, mail it a notice, see the notices. */
export function SubscribersPage() {
  usePageTitle('Subscribers');
  return (
    <NetworkOnly>
      <SubscribersContent />
    </NetworkOnly>
  );
}

function SubscribersContent() {
  const [query, setQuery] = useState<SubscriberListQuery>({ page: 1, pageSize: PAGE_SIZE });
  const options = useSubscriberOptions();
  const list = useSubscribers(query);
  const data = list.data;

  return (
    <section className="page page--wide stack" aria-labelledby="subscribers-heading">
      <h1 id="subscribers-heading">Subscribers</h1>
      <p className="page__lead">
        Find active subscribers by package, service, area, ONT model, account status or balance; export the list, and
        tell its customers about planned maintenance or an outage by mail.
      </p>
      {options.isError && <FormAlert message={errorMessage(options.error)} />}
      {options.isPending && <Skeleton label="Loading the filters…" />}
      {options.data && (
        <>
          <SubscriberListSection
            options={options.data}
            query={query}
            onQueryChange={setQuery}
            list={{
              data,
              error: list.error,
              isPending: list.isPending,
              isFetching: list.isFetching,
              isPlaceholderData: list.isPlaceholderData,
            }}
          />
          {data && data.customers > 0 && (
            <NoticeComposer
              // A new list is a new audience: the composer starts over.
              key={JSON.stringify(filterOf(query))}
              filter={filterOf(query)}
              customers={data.customers}
              options={options.data}
            />
          )}
        </>
      )}
      <NoticesSection />
    </section>
  );
}
