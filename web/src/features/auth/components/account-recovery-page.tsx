import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../../lib/ui/page-title';
import { RecoveryRequestForm } from './recovery-request-form';
import { ResetPasswordForm } from './reset-password-form';

/** /accountRecovery: ask for a reset link, or — opened from that link (?token=) — choose a new password. */
export function AccountRecoveryPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  usePageTitle(token ? 'Choose a new password' : 'Account recovery');
  return (
    <section className="card auth-card" aria-labelledby="recovery-heading">
      {token ? <ResetPasswordForm token={token} /> : <RecoveryRequestForm />}
    </section>
  );
}
