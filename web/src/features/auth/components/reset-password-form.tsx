import { PASSWORD_MIN_LENGTH, ResetPasswordRequestSchema } from '@strand/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { Button } from '../../../lib/ui/button';
import { ButtonLink } from '../../../lib/ui/button-link';
import { Form } from '../../../lib/ui/form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { TextField } from '../../../lib/ui/text-field';
import { useForm } from '../../../lib/use-form';
import { useResetPassword } from '../api/reset-password';

export interface ResetPasswordFormProps {
  token: string;
}

/** Sets a new password with the one-time token from the recovery email. */
export function ResetPasswordForm({ token }: ResetPasswordFormProps) {
  const form = useForm({ password: '', confirm: '' });
  const [done, setDone] = useState<string | null>(null);
  const reset = useResetPassword();

  const onSubmit = form.submit(
    ResetPasswordRequestSchema,
    async (data) => {
      const { message } = await reset.mutateAsync(data);
      setDone(message);
    },
    {
      check: ({ password }) => ({ token, password }),
      rules: ({ password, confirm }, schemaErrors): Record<string, string> =>
        !schemaErrors.password && password !== confirm ? { confirm: 'The two passwords do not match.' } : {},
      // The token is not a field on this form: its message is the alert.
      mapErrors: (errors) => ({ fields: errors.fields, message: errors.fields.token ?? errors.message }),
    },
  );

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
      <Form onSubmit={onSubmit} message={form.errors.message}>
        <TextField label="New password" type="password" autoComplete="new-password" {...form.field('password')} />
        <TextField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          {...form.field('confirm')}
        />
        <Button type="submit" block busy={reset.isPending} busyText="Saving…">
          Set new password
        </Button>
      </Form>
      <ul className="auth-links">
        <li>
          <Link to={paths.accountRecovery}>Ask for a new link</Link>
        </li>
      </ul>
    </>
  );
}
