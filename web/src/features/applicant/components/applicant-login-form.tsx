import { ApplicantLoginRequestSchema } from '@strand/domain';
import { Button } from '../../../lib/ui/button';
import { Form } from '../../../lib/ui/form';
import { TextField } from '../../../lib/ui/text-field';
import { useForm } from '../../../lib/use-form';
import { useApplicantLogin } from '../api/programming-test';

/** "Programming test login": the user name and access code from the invitation mail. */
export function ApplicantLoginForm({ notice, onSignedIn }: { notice: string | null; onSignedIn(): void }) {
  const form = useForm({ username: '', code: '' });
  const { errors } = form;
  const login = useApplicantLogin();

  const onSubmit = form.submit(ApplicantLoginRequestSchema, async (data) => {
    await login.mutateAsync(data);
    onSignedIn();
  });

  return (
    <section className="card auth-card" aria-labelledby="test-login-heading">
      <h1 id="test-login-heading">Programming test login</h1>
      <p className="muted">Sign in with the username and access code from your invitation email.</p>
      <Form onSubmit={onSubmit} message={errors.message ?? notice}>
        <TextField
          label="Username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          {...form.field('username')}
        />
        <TextField label="Access code" type="password" autoComplete="one-time-code" {...form.field('code')} />
        <Button type="submit" block busy={login.isPending} busyText="Signing in…">
          Sign in
        </Button>
      </Form>
    </section>
  );
}
