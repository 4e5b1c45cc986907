import { RecoveryRequestSchema } from '@strand/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { Button } from '../../../lib/ui/button';
import { Form } from '../../../lib/ui/form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { TextField } from '../../../lib/ui/text-field';
import { useForm } from '../../../lib/use-form';
import { useRequestRecovery } from '../api/request-recovery';

/** Asks the server to mail a password reset link; the answer is the same whether or not the account exists. */
export function RecoveryRequestForm() {
  const form = useForm({ identifier: '' });
  const [sent, setSent] = useState<string | null>(null);
  const request = useRequestRecovery();

  const onSubmit = form.submit(RecoveryRequestSchema, async (data) => {
    const { message } = await request.mutateAsync(data);
    setSent(message);
  });

  return (
    <>
      <h1 id="recovery-heading">Account recovery</h1>
      <p className="muted">
        Enter your username or the email address of your online account. We will email you a link to choose a new
        password.
      </p>
      <FormAlert message={sent} tone="success" />
      <Form onSubmit={onSubmit} message={form.errors.message}>
        <TextField
          label="Username or email"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          {...form.field('identifier')}
        />
        <Button type="submit" block busy={request.isPending} busyText="Sending…">
          Send reset link
        </Button>
      </Form>
      <ul className="auth-links">
        <li>
          <Link to={paths.login}>Back to sign in</Link>
        </li>
      </ul>
    </>
  );
}
