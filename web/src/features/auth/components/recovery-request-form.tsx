import { RecoveryRequestSchema } from '@strand/domain';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { type FormErrors, formErrorsFrom, NO_ERRORS, validate } from '../../../lib/form-errors';
import { Button } from '../../../lib/ui/button';
import { FormAlert } from '../../../lib/ui/form-alert';
import { TextField } from '../../../lib/ui/text-field';
import { useRequestRecovery } from '../api/request-recovery';

/** Asks the server to mail a password reset link; the answer is the same whether or not the account exists. */
export function RecoveryRequestForm() {
  const [identifier, setIdentifier] = useState('');
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [sent, setSent] = useState<string | null>(null);
  const request = useRequestRecovery();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(RecoveryRequestSchema, { identifier });
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    setErrors(NO_ERRORS);
    try {
      const { message } = await request.mutateAsync(checked.data);
      setSent(message);
    } catch (error) {
      setErrors(formErrorsFrom(error));
    }
  };

  return (
    <>
      <h1 id="recovery-heading">Account recovery</h1>
      <p className="muted">
        Enter your username or the email address of your online account. We will email you a link to choose a new
        password.
      </p>
      <FormAlert message={sent} tone="success" />
      <form onSubmit={onSubmit} noValidate>
        <FormAlert message={errors.message} />
        <TextField
          label="Username or email"
          name="identifier"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={identifier}
          onValueChange={setIdentifier}
          error={errors.fields.identifier}
        />
        <Button type="submit" block disabled={request.isPending}>
          {request.isPending ? 'Sending…' : 'Send reset link'}
        </Button>
      </form>
      <ul className="auth-links">
        <li>
          <Link to={paths.login}>Back to sign in</Link>
        </li>
      </ul>
    </>
  );
}
