import { UPLOAD_DONE_MESSAGE, UPLOAD_DONE_TITLE } from '@strand/domain';
import { paths } from '../../../config/paths';
import { ButtonLink } from '../../../lib/ui/button-link';
import { usePageTitle } from '../../../lib/ui/page-title';
import { readApplicantSignIn } from '../api/applicant-session';
import { useApplicantSelf } from '../api/programming-test';

/** /programmingTest (SPEC §2): where a successful upload lands; without a submission it says how to submit. */
export function ProgrammingTestDonePage() {
  const signedIn = readApplicantSignIn() !== null;
  const self = useApplicantSelf();
  const submission = self.data?.submission ?? null;
  usePageTitle(submission ? UPLOAD_DONE_TITLE : 'Programming test');

  if (signedIn && self.isPending) {
    return (
      <section className="card auth-card" aria-busy="true">
        <p className="muted">Loading…</p>
      </section>
    );
  }
  if (!self.data || !submission) {
    return (
      <section className="card auth-card" aria-labelledby="test-how-heading">
        <h1 id="test-how-heading">Programming test</h1>
        <p>
          {self.data ? `${self.data.name}, you` : 'You'} have not submitted a test yet. To submit, sign in on the
          programming test page with the username and access code from your invitation email, then choose your .zip file
          (at most 1 MB).
        </p>
        <p className="actions">
          <ButtonLink to={paths.programmingTestPage}>Go to the programming test page</ButtonLink>
        </p>
      </section>
    );
  }
  return (
    <section className="card auth-card" aria-labelledby="test-done-heading">
      <h1 id="test-done-heading">{UPLOAD_DONE_TITLE}</h1>
      <p>{UPLOAD_DONE_MESSAGE}</p>
      <p>
        Thank you, {self.data.name}, for taking the time to complete our programming test. We will review your work and
        get back to you soon.
      </p>
      <p className="muted">
        Received {submission.fileName} ({submission.sizeBytes.toLocaleString('en-US')} bytes) on{' '}
        {new Date(submission.submittedAt).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' })}.
      </p>
      <p className="actions">
        <ButtonLink variant="secondary" to={paths.programmingTestPage}>
          Submit a new version
        </ButtonLink>
      </p>
    </section>
  );
}
