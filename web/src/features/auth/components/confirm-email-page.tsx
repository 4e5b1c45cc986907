import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { formErrorsFrom } from '../../../lib/form-errors';
import { Button } from '../../../lib/ui/button';
import { ButtonLink } from '../../../lib/ui/button-link';
import { FormAlert } from '../../../lib/ui/form-alert';
import { usePageTitle } from '../../../lib/ui/page-title';
import { useConfirmEmail } from '../api/confirm-email';

/**
 * /confirmEmail?token=…: the link mailed to a new email address. The change is made only when the person presses
 * the button (mail scanners that open links must not confirm it for them).
 */
export function ConfirmEmailPage() {
  usePageTitle('Confirm your new email');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useConfirmEmail();
  const [error, setError] = useState<string | null>(token ? null : 'This confirmation link is incomplete.');

  const onConfirm = async () => {
    setError(null);
    try {
      await confirm.mutateAsync(token);
    } catch (err) {
      const { fields, message } = formErrorsFrom(err);
      setError(fields.token ?? message);
    }
  };

  return (
    <section className="card auth-card" aria-labelledby="confirm-email-heading">
      <h1 id="confirm-email-heading">Confirm your new email</h1>
      {confirm.data ? (
        <>
          <FormAlert message={confirm.data.message} tone="success" />
          <p>
            <ButtonLink block to={paths.login}>
              Sign in
            </ButtonLink>
          </p>
        </>
      ) : (
        <>
          <p className="muted">
            Password reset links and notices for your portal user will go to this address once you confirm it.
          </p>
          <FormAlert message={error} />
          <Button
            type="button"
            block
            onClick={onConfirm}
            disabled={!token || confirm.isPending}
            busy={confirm.isPending}
            busyText="Confirming…"
          >
            Confirm my new email
          </Button>
        </>
      )}
    </section>
  );
}
