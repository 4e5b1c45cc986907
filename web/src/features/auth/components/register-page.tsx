import {
  PASSWORD_MIN_LENGTH,
  type RegisterRequest,
  RegisterRequestSchema,
  RegistrationCodeRequestSchema,
} from '@strand/domain';
import { Fragment, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { sessionStore } from '../../../lib/browser-session';
import { formErrorsFrom, validate } from '../../../lib/form-errors';
import { Button } from '../../../lib/ui/button';
import { Form } from '../../../lib/ui/form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { usePageTitle } from '../../../lib/ui/page-title';
import { TextField, type TextFieldProps } from '../../../lib/ui/text-field';
import { useForm } from '../../../lib/use-form';
import { useRegister, useRequestRegistrationCode } from '../api/register';

type Values = Record<keyof RegisterRequest, string>;

const EMPTY: Values = {
  vcCustomerID: '',
  registrationCode: '',
  firstName: '',
  lastName: '',
  email: '',
  username: '',
  password: '',
};

type FieldSpec = { name: keyof Values; label: string } & Partial<
  Pick<TextFieldProps, 'type' | 'autoComplete' | 'inputMode' | 'placeholder' | 'hint'>
>;

const FIELDS: FieldSpec[] = [
  {
    name: 'vcCustomerID',
    label: 'Account number',
    placeholder: '0000-0000-0000',
    inputMode: 'numeric',
    hint: 'As printed on your bill.',
  },
  {
    name: 'registrationCode',
    label: 'Registration code',
    placeholder: 'XXXX-XXXX-XXXX-XXXX',
    autoComplete: 'one-time-code',
    hint: 'Printed on your bill, or mailed to the email we have on file for the account.',
  },
  { name: 'firstName', label: 'First name', autoComplete: 'given-name' },
  { name: 'lastName', label: 'Last name', autoComplete: 'family-name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'username', label: 'Username', autoComplete: 'username' },
  {
    name: 'password',
    label: 'Password',
    type: 'password',
    autoComplete: 'new-password',
    hint: `At least ${PASSWORD_MIN_LENGTH} characters, not a common password, and not containing your username.`,
  },
];

/** Registration of the first online user of a customer account. */
export function RegisterPage() {
  usePageTitle('Register');
  const form = useForm<Values>(EMPTY);
  const register = useRegister();
  const codeRequest = useRequestRegistrationCode();
  const [codeMessage, setCodeMessage] = useState<{ text: string; tone: 'error' | 'success' } | null>(null);

  const onMailCode = async () => {
    const checked = validate(RegistrationCodeRequestSchema, { vcCustomerID: form.values.vcCustomerID });
    if ('errors' in checked) {
      form.setErrors({ fields: checked.errors.fields, message: null });
      setCodeMessage({ text: 'Enter your account number first.', tone: 'error' });
      return;
    }
    try {
      const { message } = await codeRequest.mutateAsync(checked.data);
      setCodeMessage({ text: message, tone: 'success' });
    } catch (error) {
      setCodeMessage({ text: formErrorsFrom(error).message ?? 'The code could not be requested.', tone: 'error' });
    }
  };

  const onSubmit = form.submit(RegisterRequestSchema, async (data) => {
    const { token } = await register.mutateAsync(data);
    sessionStore.signIn(token);
  });

  return (
    <section className="card auth-card" aria-labelledby="register-heading">
      <h1 id="register-heading">Register your account</h1>
      <p className="muted">
        Set up online access for your account. You need your account number and the account's registration code.
      </p>
      <Form onSubmit={onSubmit} message={form.errors.message}>
        {FIELDS.map(({ name, label, ...rest }) => (
          <Fragment key={name}>
            <TextField label={label} {...form.field(name)} {...rest} />
            {name === 'registrationCode' && (
              // Right under the code it is for: someone without a bill at hand asks for the mail here.
              <div className="field">
                <Button
                  type="button"
                  variant="secondary"
                  block
                  onClick={onMailCode}
                  busy={codeRequest.isPending}
                  busyText="Requesting…"
                >
                  Email me the registration code
                </Button>
                {codeMessage && <FormAlert message={codeMessage.text} tone={codeMessage.tone} />}
              </div>
            )}
          </Fragment>
        ))}
        <Button type="submit" block busy={register.isPending} busyText="Registering…">
          Register
        </Button>
      </Form>
      <ul className="auth-links">
        <li>
          Already registered? <Link to={paths.login}>Sign in</Link>
        </li>
      </ul>
    </section>
  );
}
