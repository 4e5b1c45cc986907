import { ApplicantLoginRequestSchema } from '@strand/domain';
import { type FormEvent, useState } from 'react';
import { type FormErrors, formErrorsFrom, NO_ERRORS, validate } from '../../../lib/form-errors';
import { FormAlert } from '../../../lib/ui/form-alert';
import { TextField } from '../../../lib/ui/text-field';
import { useApplicantLogin } from '../api/programming-test';

/** "Programming test login": the user name and access code from the invitation mail. */
export function ApplicantLoginForm({ notice, onSignedIn }: { notice: string | null; onSignedIn(): void }) {
  const [username, setUsername] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const login = useApplicantLogin();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(ApplicantLoginRequestSchema, { username, code });
    if ('errors' in checked) return setErrors(checked.errors);
    setErrors(NO_ERRORS);
    try {
      await login.mutateAsync(checked.data);
      onSignedIn();
    } catch (error) {
      setErrors(formErrorsFrom(error));
    }
  };

  return (
    <section className="card auth-card" aria-labelledby="test-login-heading">
      <h1 id="test-login-heading">Programming test login</h1>
      <p className="muted">Sign in with the username and access code from your invitation email.</p>
      <form onSubmit={onSubmit} noValidate>
        <FormAlert message={errors.message ?? notice} />
        <TextField
          label="Username"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={username}
          onValueChange={setUsername}
          error={errors.fields.username}
        />
        <TextField
          label="Access code"
          name="code"
          type="password"
          autoComplete="one-time-code"
          value={code}
          onValueChange={setCode}
          error={errors.fields.code}
        />
        <button type="submit" className="button button--block" disabled={login.isPending}>
          {login.isPending ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </section>
  );
}
