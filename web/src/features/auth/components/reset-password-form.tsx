import { PASSWORD_MIN_LENGTH, ResetPasswordRequestSchema } from '@strand/domain';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { CORRECT_FIELDS_MESSAGE, type FormErrors, formErrorsFrom, NO_ERRORS, validate } from '../../../lib/form-errors';
import { Button, ButtonLink } from '../../../lib/ui/button';
import { FormAlert } from '../../../lib/ui/form-alert';
import { TextField } from '../../../lib/ui/text-field';
import { useResetPassword } from '../api/reset-password';

export interface ResetPasswordFormProps {
  token: string;
}

/** Sets a new password with the one-time token from the recovery email. */
export function ResetPasswordForm({ token }: ResetPasswordFormProps) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [done, setDone] = useState<string | null>(null);
  const reset = useResetPassword();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(ResetPasswordRequestSchema, { token, password });
    const fields = 'errors' in checked ? { ...checked.errors.fields } : {};
    if (!fields.password && password !== confirm) fields.confirm = 'The two passwords do not match.';
    if ('errors' in checked || fields.confirm) {
      setErrors({ fields, message: fields.token ?? CORRECT_FIELDS_MESSAGE });
      return;
    }
    setErrors(NO_ERRORS);
    try {
      const { message } = await reset.mutateAsync(checked.data);
      setDone(message);
    } catch (error) {
      const next = formErrorsFrom(error);
      // The token is not a field on this form: its message is the alert.
      setErrors({ fields: next.fields, message: next.fields.token ?? next.message });
    }
  };

  if (done) {
    return (
      <>
        <h1 id="recovery-heading">Password changed</h1>
        <FormAlert message={done} tone="success" />
        <p>
          <ButtonLink block to={paths.login}>
            Sign in
          </ButtonLink>
        </p>
      </>
    );
  }

  return (
    <>
      <h1 id="recovery-heading">Choose a new password</h1>
      <p className="muted">
        The link from your email works once. Choose a password of at least {PASSWORD_MIN_LENGTH} characters.
      </p>
      <form onSubmit={onSubmit} noValidate>
        <FormAlert message={errors.message} />
        <TextField
          label="New password"
          name="password"
          type="password"
          autoComplete="new-password"
          value={password}
          onValueChange={setPassword}
          error={errors.fields.password}
        />
        <TextField
          label="Confirm new password"
          name="confirm"
          type="password"
          autoComplete="new-password"
          value={confirm}
          onValueChange={setConfirm}
          error={errors.fields.confirm}
        />
        <Button type="submit" block disabled={reset.isPending}>
          {reset.isPending ? 'Saving…' : 'Set new password'}
        </Button>
      </form>
      <ul className="auth-links">
        <li>
          <Link to={paths.accountRecovery}>Ask for a new link</Link>
        </li>
      </ul>
    </>
  );
}
