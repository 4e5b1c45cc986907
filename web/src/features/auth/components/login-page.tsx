import { LoginRequestSchema } from '@strand/domain';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { sessionStore } from '../../../lib/browser-session';
import { type FormErrors, formErrorsFrom, NO_ERRORS, validate } from '../../../lib/form-errors';
import { FormAlert } from '../../../lib/ui/form-alert';
import { usePageTitle } from '../../../lib/ui/page-title';
import { TextField } from '../../../lib/ui/text-field';
import { useLogin } from '../api/login';

/** Sign-in (SPEC §2 /login and /). On success the route guard takes the user to the portal's home or /portalSelect. */
export function LoginPage() {
  usePageTitle('Sign in');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const login = useLogin();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(LoginRequestSchema, { username, password });
    if ('errors' in checked) {
      const fields = { ...checked.errors.fields };
      if (!username.trim()) fields.username = 'Username is required.';
      setErrors({ ...checked.errors, fields });
      return;
    }
    setErrors(NO_ERRORS);
    try {
      const { token } = await login.mutateAsync(checked.data);
      sessionStore.signIn(token);
    } catch (error) {
      setErrors(formErrorsFrom(error));
    }
  };

  return (
    <section className="card auth-card" aria-labelledby="login-heading">
      <h1 id="login-heading">Sign in</h1>
      <p className="muted">Use the username and password of your online account.</p>
      <form onSubmit={onSubmit} noValidate>
        <FormAlert message={errors.message} />
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
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onValueChange={setPassword}
          error={errors.fields.password}
        />
        <button type="submit" className="button button--block" disabled={login.isPending}>
          {login.isPending ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
      <ul className="auth-links">
        <li>
          <Link to={paths.accountRecovery}>Forgot your password?</Link>
        </li>
        <li>
          New here? <Link to={paths.register}>Register your account</Link>
        </li>
      </ul>
    </section>
  );
}
