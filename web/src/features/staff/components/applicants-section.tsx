import { type ApplicantSummary, InviteApplicantRequestSchema, type InviteApplicantResponse } from '@strand/domain';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { FormAlert } from '../../../lib/ui/form-alert';
import { TextField } from '../../../lib/ui/text-field';
import { downloadSubmission, useApplicants, useInviteApplicant } from '../api/applicants';
import '../../../styles/customer.css';
import { Button } from '../../../lib/ui/button';
import { EmptyState } from '../../../lib/ui/empty-state';
import { Form } from '../../../lib/ui/form';
import { Skeleton } from '../../../lib/ui/skeleton';
import { StatusBadge } from '../../../lib/ui/status-badge';
import { useForm } from '../../../lib/use-form';

const formatTime = (iso: string) => new Date(iso).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' });

/** Job applicants (programming test): invite one, see who submitted, download a submission. */
export function ApplicantsSection() {
  const applicants = useApplicants();
  const [invited, setInvited] = useState<InviteApplicantResponse | null>(null);

  return (
    <section className="stack" aria-labelledby="applicants-heading">
      <h1 id="applicants-heading">Job applicants</h1>
      <InviteForm onInvited={setInvited} />
      {invited && <AccessCodeCard invited={invited} />}
      {applicants.isError && <FormAlert message={errorMessage(applicants.error)} />}
      {applicants.isPending && <Skeleton label="Loading applicants…" />}
      {applicants.data?.length === 0 && <EmptyState>No applicants yet.</EmptyState>}
      {applicants.data && applicants.data.length > 0 && (
        <ul className="card-list" aria-label="Applicants">
          {applicants.data.map((a) => (
            <ApplicantItem key={a.id} applicant={a} />
          ))}
        </ul>
      )}
    </section>
  );
}

const EMPTY_INVITE = { name: '', email: '', username: '' };

function InviteForm({ onInvited }: { onInvited(result: InviteApplicantResponse): void }) {
  const form = useForm(EMPTY_INVITE);
  const invite = useInviteApplicant();

  const onSubmit = form.submit(InviteApplicantRequestSchema, async (data) => {
    onInvited(await invite.mutateAsync(data));
    form.setValues(EMPTY_INVITE);
  });

  return (
    <Form className="card form-card" onSubmit={onSubmit} message={form.errors.message} aria-labelledby="invite-heading">
      <h3 id="invite-heading">Invite an applicant</h3>
      <TextField label="Applicant name" {...form.field('name')} />
      <TextField label="Applicant email" type="email" autoComplete="off" {...form.field('email')} />
      <TextField
        label="Applicant username"
        autoCapitalize="none"
        autoComplete="off"
        spellCheck={false}
        hint="Lower-case letters, digits, '.', '_' or '-'; 3 to 64 characters."
        {...form.field('username')}
      />
      <Button type="submit" busy={invite.isPending} busyText="Inviting…">
        Invite and send access code
      </Button>
    </Form>
  );
}

function AccessCodeCard({ invited }: { invited: InviteApplicantResponse }) {
  const { applicant, accessCode, invitationSentTo } = invited;
  return (
    <section className="card link-card" aria-labelledby="access-code-heading">
      <h3 id="access-code-heading">Access code for {applicant.username}</h3>
      <p className="link-card__url">
        <code>{accessCode}</code>
      </p>
      <p className="muted">
        Shown this once: only its hash is kept.{' '}
        {invitationSentTo
          ? `The invitation with the code and the link to /programmingTestPage was mailed to ${invitationSentTo}.`
          : 'The invitation mail could not be sent: give the applicant this code and the /programmingTestPage link.'}
      </p>
    </section>
  );
}

function ApplicantItem({ applicant: a }: { applicant: ApplicantSummary }) {
  const [error, setError] = useState<string | null>(null);
  const s = a.submission;
  const download = async () => {
    if (!s) return;
    setError(null);
    try {
      await downloadSubmission(s);
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  return (
    <li className="card item-card" aria-label={`Applicant ${a.name}`}>
      <div className="item-card__head">
        <strong>{a.name}</strong>
        <StatusBadge status={s ? 'Submitted' : 'Invited'} tone={s ? 'success' : 'neutral'} />
      </div>
      <dl className="facts facts--compact">
        <div>
          <dt>Username</dt>
          <dd>{a.username}</dd>
        </div>
        <div>
          <dt>Email</dt>
          <dd>{a.email}</dd>
        </div>
        <div>
          <dt>Invited on</dt>
          <dd>{formatTime(a.invitedAt)}</dd>
        </div>
        {s && (
          <>
            <div>
              <dt>Submitted on</dt>
              <dd>{formatTime(s.submittedAt)}</dd>
            </div>
            <div>
              <dt>File size</dt>
              <dd>{s.sizeBytes.toLocaleString('en-US')} bytes</dd>
            </div>
            <div>
              <dt>Submissions</dt>
              <dd>{a.submissionCount}</dd>
            </div>
          </>
        )}
      </dl>
      {s && (
        <p className="actions">
          <Button type="button" variant="secondary" onClick={download}>
            Download submission of {a.name}
          </Button>
        </p>
      )}
      <FormAlert message={error} />
    </li>
  );
}
