import { type FormEvent, useState } from 'react';
import { paths } from '../../../config/paths';
import { NETWORK_ERROR_MESSAGE } from '../../../lib/api-error';
import type { FieldErrors } from '../../../lib/form-errors';
import { AppLink, usePageHost } from '../../../lib/page-host';
import { Button } from '../../../lib/ui/button';
import { Form } from '../../../lib/ui/form';
import { usePageTitle } from '../../../lib/ui/page-title';
import { TextField } from '../../../lib/ui/text-field';
import { useForm } from '../../../lib/use-form';

const rules = (v: { username: string }): FieldErrors =>
  v.username.trim() ? {} : { username: 'Username is required.' };

/**
 * Sign-in (SPEC §2 /login and /). On success the route guard takes the user to the portal's home or /portalSelect.
 * It paints before the router, zod and the session store have loaded (main.ts): the schema and the sign-in call
 * load when the form is sent (by then usually already loaded in the background).
 */
export function LoginPage() {
  usePageTitle('Sign in');
  const form = useForm({ username: '', password: '' });
  const { errors } = form;
  const host = usePageHost();
  const [pending, setPending] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    try {
      const { LoginRequestSchema, signIn } = await import('../api/login');
      await form.submit(LoginRequestSchema, async (data) => host.signedIn(await signIn(data)), { rules })(event);
    } catch {
      // The module did not load (no connection before the app was cached): what a failed request says.
      form.setErrors({ fields: {}, message: NETWORK_ERROR_MESSAGE });
    } finally {
      setPending(false);
    }
  };

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
        <Button type="submit" block busy={pending} busyText="Signing in…">
          Sign in
        </Button>
      </Form>
      <ul className="auth-links">
        <li>
          <AppLink to={paths.accountRecovery}>Forgot your password?</AppLink>
        </li>
        <li>
          New here? <AppLink to={paths.register}>Register your account</AppLink>
        </li>
        <li>
          <AppLink to={paths.order}>Check availability / Order service</AppLink>
        </li>
      </ul>
    </section>
  );
}
