import { LoginRequestSchema } from '@strand/domain';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { sessionStore } from '../../../lib/browser-session';
import type { FieldErrors } from '../../../lib/form-errors';
import { Button } from '../../../lib/ui/button';
import { Form } from '../../../lib/ui/form';
import { usePageTitle } from '../../../lib/ui/page-title';
import { TextField } from '../../../lib/ui/text-field';
import { useForm } from '../../../lib/use-form';
import { useLogin } from '../api/login';

/** Sign-in (SPEC §2 /login and /). On success the route guard takes the user to the portal's home or /portalSelect. */
export function LoginPage() {
  usePageTitle('Sign in');
  const form = useForm({ username: '', password: '' });
  const { errors } = form;
  const login = useLogin();

  const onSubmit = form.submit(
    LoginRequestSchema,
    async (data) => {
      const { token } = await login.mutateAsync(data);
      sessionStore.signIn(token);
    },
    { rules: (v): FieldErrors => (v.username.trim() ? {} : { username: 'Username is required.' }) },
  );

  return (
    <section className="card auth-card" aria-labelledby="login-heading">
      <h1 id="login-heading">Sign in</h1>
      <p className="muted">Use the username and password of your online account.</p>
      <Form onSubmit={onSubmit} message={errors.message}>
        <TextField
          label="Username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          {...form.field('username')}
        />
        <TextField label="Password" type="password" autoComplete="current-password" {...form.field('password')} />
        <Button type="submit" block busy={login.isPending}>
          {login.isPending ? 'Signing in…' : 'Sign in'}
        </Button>
      </Form>
      <ul className="auth-links">
        <li>
          <Link to={paths.accountRecovery}>Forgot your password?</Link>
        </li>
        <li>
          New here? <Link to={paths.register}>Register your account</Link>
        </li>
        <li>
          <Link to={paths.order}>Check availability / Order service</Link>
        </li>
      </ul>
    </section>
  );
}
