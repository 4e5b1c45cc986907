import {
  AUTH_CODE_STATUS_LABELS,
  AUTH_CODE_STATUSES,
  AUTH_CODE_SUFFIX_DIGITS,
  type AuthCode,
  type AuthCodeSearchQuery,
  AuthCodeSearchQuerySchema,
  AuthCodeUpdateSchema,
  CLASS_OF_SERVICE_LABELS,
  CLASSES_OF_SERVICE,
  type ClassOfService,
  type NewAuthCode,
  type NewAuthCodeResponse,
  NewAuthCodeSchema,
  staffHolds,
} from '@strand/domain';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/browser-session';
import { NO_ERRORS } from '../../../lib/form-errors';
import { formatMoment } from '../../../lib/format';
import { popup } from '../../../lib/popup-store';
import { Button } from '../../../lib/ui/button';
import { ConfirmDialog } from '../../../lib/ui/confirm-dialog';
import { EmptyState } from '../../../lib/ui/empty-state';
import { Form } from '../../../lib/ui/form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { Menu } from '../../../lib/ui/menu';
import { usePageTitle } from '../../../lib/ui/page-title';
import { SelectField } from '../../../lib/ui/parts';
import { Skeleton } from '../../../lib/ui/skeleton';
import { StatusBadge, type StatusTone } from '../../../lib/ui/status-badge';
import { TextField } from '../../../lib/ui/text-field';
import { useForm } from '../../../lib/use-form';
import {
  anyWaiting,
  useAddAuthCode,
  useAuthCodes,
  useRemoveAuthCode,
  useRetryAuthCode,
  useUpdateAuthCode,
} from '../api/auth-codes';
import '../../../styles/customer.css';
import '../../../styles/staff.css';

const CLASS_OPTIONS = CLASSES_OF_SERVICE.map((c) => ({ value: c, label: CLASS_OF_SERVICE_LABELS[c] }));
const STATUS_OPTIONS = [
  { value: '', label: 'Any status' },
  ...AUTH_CODE_STATUSES.map((s) => ({ value: s, label: AUTH_CODE_STATUS_LABELS[s] })),
];

/** /staff/authCodes: network staff search, add, edit, suspend, retry and remove business customers' auth codes. */
export function AuthCodesPage() {
  usePageTitle('Auth codes');
  const { claims } = useSession();
  if (claims?.nStaff !== 1 || !staffHolds(claims.staffRoles, 'network')) {
    return (
      <section className="page">
        <h1>Auth codes</h1>
        <p className="page__lead">You do not have access to this. Auth codes are managed by network staff.</p>
      </section>
    );
  }
  return <AuthCodesScreen />;
}

function AuthCodesScreen() {
  const [params, setParams] = useSearchParams();
  const query: AuthCodeSearchQuery = {
    customer: params.get('customer') ?? '',
    suffix: params.get('suffix') ?? '',
    status: (params.get('status') ?? '') as AuthCodeSearchQuery['status'],
  };
  const valid = AuthCodeSearchQuerySchema.safeParse(query).success;
  const codes = useAuthCodes(valid ? query : {});
  const [created, setCreated] = useState<NewAuthCodeResponse | null>(null);
  const [adding, setAdding] = useState(false);

  return (
    <section className="page page--wide" aria-labelledby="auth-codes-heading">
      <div className="section-head">
        <h1 id="auth-codes-heading">Auth codes</h1>
        {!adding && (
          <Button type="button" onClick={() => setAdding(true)}>
            Add auth code
          </Button>
        )}
      </div>
      <p className="page__lead">
        Forced authorization codes let a business customer’s phones place toll and international calls. A new code is
        pending until the phone switch confirms it.
      </p>
      {adding && (
        <AddForm
          initialCustomer={query.customer ?? ''}
          onAdded={(r) => {
            setCreated(r);
            setAdding(false);
          }}
          onCancel={() => setAdding(false)}
        />
      )}
      {created && <NewCodeCard created={created} onDone={() => setCreated(null)} />}
      <SearchForm
        query={query}
        onSearch={(q) =>
          setParams(Object.fromEntries(Object.entries(q).filter(([, v]) => v)) as Record<string, string>)
        }
      />
      {codes.isError && <FormAlert message={errorMessage(codes.error)} />}
      {codes.isPending && <Skeleton label="Loading auth codes…" />}
      {codes.data && (
        <>
          <h2 className="section-title" aria-live="polite">
            {codes.data.authCodes.length} auth code{codes.data.authCodes.length === 1 ? '' : 's'}
            {codes.data.truncated ? ' (the newest; narrow the search to see the rest)' : ''}
          </h2>
          {anyWaiting(codes.data) && (
            <p className="muted" role="status">
              Waiting for the phone switch: this list refreshes by itself.
            </p>
          )}
          {codes.data.authCodes.length === 0 ? (
            <EmptyState>No auth codes match this search.</EmptyState>
          ) : (
            <ul className="card-list" aria-label="Auth codes">
              {codes.data.authCodes.map((c) => (
                <li key={c.AuthCodeID}>
                  <AuthCodeCard code={c} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

function SearchForm({ query, onSearch }: { query: AuthCodeSearchQuery; onSearch(q: AuthCodeSearchQuery): void }) {
  const form = useForm({ customer: query.customer ?? '', suffix: query.suffix ?? '', status: query.status ?? '' });
  const onSubmit = form.submit(AuthCodeSearchQuerySchema, async () => onSearch(form.values));
  return (
    <Form className="card form-card search-form auth-code-search" onSubmit={onSubmit} aria-label="Search auth codes">
      <TextField label="Account number" placeholder="0000-0000-0000" inputMode="numeric" {...form.field('customer')} />
      <TextField
        label="Code ends with"
        inputMode="numeric"
        hint={`The last ${AUTH_CODE_SUFFIX_DIGITS} digits, as the customer reads them out.`}
        {...form.field('suffix')}
      />
      <SelectField label="Status" {...form.field('status')} options={STATUS_OPTIONS} />
      <div className="actions">
        <Button type="submit">Search</Button>
        <Button
          type="button"
          variant="secondary"
          onClick={() => {
            form.setValues({ customer: '', suffix: '', status: '' });
            form.setErrors(NO_ERRORS);
            onSearch({});
          }}
        >
          Clear search
        </Button>
      </div>
    </Form>
  );
}

function AddForm({
  initialCustomer,
  onAdded,
  onCancel,
}: {
  initialCustomer: string;
  onAdded(r: NewAuthCodeResponse): void;
  onCancel(): void;
}) {
  const form = useForm<NewAuthCode>({
    vcCustomerID: initialCustomer,
    description: '',
    classOfService: 'long_distance',
  });
  const add = useAddAuthCode();
  const onSubmit = form.submit(NewAuthCodeSchema, async (data) => onAdded(await add.mutateAsync(data)));
  return (
    <Form
      className="card form-card"
      onSubmit={onSubmit}
      message={form.errors.message}
      aria-labelledby="add-code-heading"
    >
      <h2 id="add-code-heading">Add an auth code</h2>
      <TextField
        label="Business account number"
        placeholder="0000-0000-0000"
        inputMode="numeric"
        {...form.field('vcCustomerID')}
      />
      <TextField
        label="Description"
        hint="Who or what the code is for, e.g. Front desk."
        {...form.field('description')}
      />
      <SelectField label="Class of service" {...form.field('classOfService')} options={CLASS_OPTIONS} />
      <div className="actions">
        <Button type="submit" busy={add.isPending} busyText="Adding…">
          Add and make the code
        </Button>
        <Button type="button" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}

/** The full code, this once: copy it, then it is gone from the screen for good. */
function NewCodeCard({ created, onDone }: { created: NewAuthCodeResponse; onDone(): void }) {
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const { authCode, code } = created;
  const copy = async () => {
    if (!code) return;
    try {
      await navigator.clipboard.writeText(code);
      setCopied('yes');
    } catch {
      setCopied('no');
    }
  };
  return (
    <section className="card link-card new-code" aria-labelledby="new-code-heading">
      <h2 id="new-code-heading">
        New auth code for {authCode.vcCustomerName} ({authCode.description})
      </h2>
      {code ? (
        <>
          <p className="new-code__digits">
            <code data-testid="new-auth-code">{code}</code>
          </p>
          <p className="alert alert--info">
            This is the only time the full code is shown. Give it to the customer now; from here on it shows as{' '}
            {authCode.maskedCode}.
          </p>
        </>
      ) : (
        <p className="alert alert--info">
          This code was already made by an earlier try of the same request, and the full code is shown only once. If it
          was not noted, remove it and add a new one.
        </p>
      )}
      <p className="actions">
        {code && (
          <Button type="button" onClick={copy}>
            Copy code
          </Button>
        )}
        <Button type="button" variant="secondary" onClick={onDone}>
          Done, hide the code
        </Button>
      </p>
      <p role="status" className="muted">
        {copied === 'yes' ? 'Code copied.' : copied === 'no' ? 'Copying is not allowed here: note the code.' : ''}
      </p>
    </section>
  );
}

function AuthCodeCard({ code: c }: { code: AuthCode }) {
  const [editing, setEditing] = useState(false);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateAuthCode();
  const retry = useRetryAuthCode();
  const remove = useRemoveAuthCode();
  const headingId = `auth-code-${c.AuthCodeID}`;
  const label = `${c.maskedCode} (${c.description})`;

  const run = async (action: () => Promise<unknown>, done: string) => {
    setError(null);
    try {
      await action();
      popup.show(done);
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  const confirmed = c.status === 'active' || c.status === 'suspended';

  return (
    <article className="card item-card auth-code" aria-labelledby={headingId}>
      <div className="item-card__head">
        <h3 id={headingId}>
          <code className="masked-code">{c.maskedCode}</code> {c.description}
        </h3>
        <AuthCodeStatus code={c} />
      </div>
      <dl className="facts facts--compact">
        <div>
          <dt>Customer</dt>
          <dd>
            {c.vcCustomerName} ({c.vcCustomerID})
          </dd>
        </div>
        <div>
          <dt>Class of service</dt>
          <dd>{CLASS_OF_SERVICE_LABELS[c.classOfService]}</dd>
        </div>
        <div>
          <dt>Added</dt>
          <dd>{formatMoment(c.createdAt)}</dd>
        </div>
        <div>
          <dt>Confirmed by the switch</dt>
          <dd>{c.confirmedAt ? formatMoment(c.confirmedAt) : 'Not yet'}</dd>
        </div>
      </dl>
      {c.lastError && (
        <p className={c.status === 'failed' ? 'alert alert--error' : 'muted'}>
          {c.status === 'failed'
            ? c.lastError
            : `Last try: ${c.lastError} Trying again ${c.nextAttemptAt ? formatMoment(c.nextAttemptAt) : 'soon'}.`}
        </p>
      )}
      {editing ? (
        <EditForm code={c} onDone={() => setEditing(false)} />
      ) : (
        c.status !== 'removing' && (
          <p className="actions">
            <Button type="button" variant="secondary" small onClick={() => setEditing(true)}>
              Edit<span className="visually-hidden"> {label}</span>
            </Button>
            {c.status === 'failed' && (
              <Button
                type="button"
                small
                busy={retry.isPending}
                onClick={() => run(() => retry.mutateAsync(c.AuthCodeID), `Auth code ${c.maskedCode} sent again`)}
              >
                Retry<span className="visually-hidden"> {label}</span>
              </Button>
            )}
            <Menu
              small
              context={label}
              items={[
                ...(confirmed
                  ? [
                      {
                        label: c.status === 'active' ? 'Suspend' : 'Activate',
                        disabled: update.isPending,
                        onSelect: () =>
                          void run(
                            () =>
                              update.mutateAsync({
                                id: c.AuthCodeID,
                                change: { status: c.status === 'active' ? 'suspended' : 'active' },
                              }),
                            c.status === 'active'
                              ? `Auth code ${c.maskedCode} suspended`
                              : `Auth code ${c.maskedCode} active again`,
                          ),
                      },
                    ]
                  : []),
                { label: 'Remove', destructive: true, onSelect: () => setConfirmRemove(true) },
              ]}
            />
          </p>
        )
      )}
      <FormAlert message={error} />
      {confirmRemove && (
        <ConfirmDialog
          message={`Remove auth code ${c.maskedCode} (${c.description}) of ${c.vcCustomerName}? Calls with it stop working once the switch removes it.`}
          yesLabel="Remove the code"
          noLabel="Keep it"
          danger
          busy={remove.isPending}
          onNo={() => setConfirmRemove(false)}
          onYes={async () => {
            setConfirmRemove(false);
            await run(() => remove.mutateAsync(c.AuthCodeID), `Auth code ${c.maskedCode} removed`);
          }}
        />
      )}
    </article>
  );
}

function AuthCodeStatus({ code: c }: { code: AuthCode }) {
  const tone: StatusTone =
    c.status === 'active'
      ? 'success'
      : c.status === 'failed'
        ? 'danger'
        : c.status === 'pending' || c.status === 'removing'
          ? 'info'
          : 'neutral';
  return (
    <StatusBadge
      tone={tone}
      data-testid="auth-code-status"
      status={`${AUTH_CODE_STATUS_LABELS[c.status]}${c.waitingForSwitch && c.status !== 'pending' && c.status !== 'removing' ? ' (switch updating)' : ''}`}
    />
  );
}

function EditForm({ code: c, onDone }: { code: AuthCode; onDone(): void }) {
  const form = useForm<{ description: string; classOfService: ClassOfService }>({
    description: c.description,
    classOfService: c.classOfService,
  });
  const update = useUpdateAuthCode();
  const onSubmit = form.submit(AuthCodeUpdateSchema, async (change) => {
    await update.mutateAsync({ id: c.AuthCodeID, change });
    popup.show(`Auth code ${c.maskedCode} saved`);
    onDone();
  });
  return (
    <Form
      className="inline-form"
      onSubmit={onSubmit}
      message={form.errors.message}
      aria-label={`Edit auth code ${c.maskedCode}`}
    >
      <TextField label="Description" {...form.field('description')} />
      <SelectField label="Class of service" {...form.field('classOfService')} options={CLASS_OPTIONS} />
      <div className="actions">
        <Button type="submit" busy={update.isPending}>
          Save
        </Button>
        <Button type="button" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}
