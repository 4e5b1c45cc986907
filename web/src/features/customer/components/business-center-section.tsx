import {
  type BusinessCenterCategory,
  type NewBusinessCenterRequest,
  NewBusinessCenterRequestSchema,
} from '@strand/domain';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { formatMoment } from '../../../lib/format';
import { popup } from '../../../lib/popup-store';
import { Button } from '../../../lib/ui/button';
import { EmptyState } from '../../../lib/ui/empty-state';
import { Form } from '../../../lib/ui/form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { SelectField, TextAreaField, TicketCard } from '../../../lib/ui/parts';
import { Skeleton } from '../../../lib/ui/skeleton';
import { TextField } from '../../../lib/ui/text-field';
import { useForm } from '../../../lib/use-form';
import { newIdempotencyKey, useCustomerAccount } from '../api/customer-account';
import { useBusinessCenterCategories, useBusinessCenterRequests, useCreateBusinessCenterRequest } from '../api/tickets';

/** Business-center requests of a business account: the list and a new request (SPEC §7). */
export function BusinessCenterSection() {
  const requests = useBusinessCenterRequests(true);
  const [writing, setWriting] = useState(false);

  return (
    <section className="stack" aria-labelledby="bcr-heading">
      <div className="section-head">
        <h2 id="bcr-heading">Business center</h2>
        {!writing && (
          <Button type="button" onClick={() => setWriting(true)}>
            New request
          </Button>
        )}
      </div>
      {writing && <NewRequest onDone={() => setWriting(false)} />}
      {requests.isError && <FormAlert message={errorMessage(requests.error)} />}
      {requests.data?.length === 0 && <EmptyState>No business-center requests yet.</EmptyState>}
      <ul className="card-list">
        {requests.data?.map((r) => (
          <li key={r.RequestID}>
            <TicketCard
              headingId={`bcr-${r.RequestID}`}
              number={r.RequestID}
              subject={r.subject}
              status={r.status}
              meta={`${r.category} · ${formatMoment(r.createdAt)}${r.createdBy ? ` by ${r.createdBy}` : ''}${r.locationAddress ? ` · ${r.locationAddress}` : ''}`}
              description={r.description}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The categories come from the server (staff manage them); the form waits for them. */
function NewRequest({ onDone }: { onDone(): void }) {
  const categories = useBusinessCenterCategories(true);
  if (categories.isPending) return <Skeleton label="Loading the request categories…" />;
  if (categories.isError) return <FormAlert message={errorMessage(categories.error)} />;
  if (categories.data.length === 0) {
    return <EmptyState>The business center takes no requests online right now. Please call us instead.</EmptyState>;
  }
  return <RequestForm categories={categories.data} onDone={onDone} />;
}

/** The form keeps the location as the select's text; it is checked as a number. */
type RequestValues = Omit<NewBusinessCenterRequest, 'serviceLocationId'> & { serviceLocationId: string };

function RequestForm({ categories, onDone }: { categories: BusinessCenterCategory[]; onDone(): void }) {
  const locations = useCustomerAccount().data?.serviceLocations ?? [];
  const only = locations.length === 1 ? String(locations[0]?.ServiceLocationID) : '';
  const form = useForm<RequestValues>({
    category: categories[0]?.name ?? '',
    subject: '',
    description: '',
    serviceLocationId: only,
  });
  // A category retired while the form is open: pick the first one still offered.
  const { setValues } = form;
  useEffect(() => {
    setValues((v) =>
      categories.some((c) => c.name === v.category) ? v : { ...v, category: categories[0]?.name ?? '' },
    );
  }, [categories, setValues]);
  const { errors } = form;
  const key = useRef(newIdempotencyKey());
  const create = useCreateBusinessCenterRequest();

  const onSubmit = form.submit(
    NewBusinessCenterRequestSchema,
    async (input) => {
      const request = await create.mutateAsync({ input, key: key.current });
      popup.show(`Request #${request.RequestID} sent to the business center`);
      onDone();
    },
    {
      check: (v) => ({
        ...v,
        serviceLocationId: v.serviceLocationId === '' ? Number.NaN : Number(v.serviceLocationId),
      }),
    },
  );

  return (
    <Form className="card form-card inline-form" onSubmit={onSubmit} aria-label="New business-center request">
      <h3>New business-center request</h3>
      <FormAlert message={errors.message} />
      <SelectField
        label="Category"
        {...form.field('category')}
        options={categories.map((c) => ({ value: c.name, label: c.name }))}
      />
      <SelectField
        label="Location"
        hint="The site the request is about."
        {...form.field('serviceLocationId')}
        options={[
          ...(only ? [] : [{ value: '', label: 'Choose a location' }]),
          ...locations.map((l) => ({ value: String(l.ServiceLocationID), label: l.fullAddress })),
        ]}
      />
      <TextField label="Subject" {...form.field('subject')} maxLength={120} />
      <TextAreaField
        label="Details"
        {...form.field('description')}
        rows={5}
        maxLength={2000}
        hint="10 to 2000 characters."
      />
      <div className="actions">
        <Button type="submit" busy={create.isPending} busyText="Sending…">
          Send request
        </Button>
        <Button type="button" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}
