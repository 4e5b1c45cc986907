import { ChangePasswordRequestSchema, PASSWORD_MIN_LENGTH } from '@strand/domain';
import { useState } from 'react';
import { Button } from '../../../lib/ui/button';
import { Form } from '../../../lib/ui/form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { TextField } from '../../../lib/ui/text-field';
import { useForm } from '../../../lib/use-form';
import { useChangePassword } from '../api/change-password';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Settings: change the password (current, new, confirm); the server checks the current one and the rules. */
export function PasswordForm() {
  const form = useForm(EMPTY);
  const change = useChangePassword();
  const [done, setDone] = useState<string | null>(null);

  const onSubmit = form.submit(ChangePasswordRequestSchema, async (data) => {
    setDone(null);
    const { message } = await change.mutateAsync(data);
    form.setValues(EMPTY);
    setDone(message);
  });

  return (
    <Form className="card form-card" onSubmit={onSubmit} aria-labelledby="password-heading">
      <h2 id="password-heading">Password</h2>
      <FormAlert message={form.errors.message} />
      {done && <FormAlert message={done} tone="success" />}
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        {...form.field('currentPassword')}
      />
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters, not a common password and not your username.`}
        {...form.field('newPassword')}
      />
      <TextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        {...form.field('confirmPassword')}
      />
      <p className="muted">Changing it signs you out on your other devices; this one stays signed in.</p>
      <Button type="submit" busy={change.isPending} busyText="Changing…">
        Change password
      </Button>
    </Form>
  );
}
