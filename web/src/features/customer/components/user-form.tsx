import {
  type AddUserRequest,
  AddUserRequestSchema,
  type CustomerAccount,
  type CustomerUser,
  PERMISSION_CATEGORIES,
  type PermissionCategory,
  type UpdateUserRequest,
  UpdateUserRequestSchema,
} from '@strand/domain';
import { type FormEvent, useRef, useState } from 'react';
import { type FormErrors, formErrorsFrom, NO_ERRORS, validate } from '../../../lib/form-errors';
import { popup } from '../../../lib/popup-store';
import { FormAlert } from '../../../lib/ui/form-alert';
import { TextField } from '../../../lib/ui/text-field';
import { newIdempotencyKey } from '../api/customer-account';
import { useAddUser, useUpdateUser } from '../api/users';
import { withoutFieldError } from './ui';

type AddValues = Omit<AddUserRequest, 'permissions'> & { permissions: PermissionCategory[] };

/** addUser: a new online user of the account, with the permission categories it starts with. */
export function AddUserForm({ granter, onDone }: { granter: CustomerAccount; onDone(): void }) {
  const [values, setValues] = useState<AddValues>({
    username: '',
    firstName: '',
    lastName: '',
    email: '',
    password: '',
    permissions: [],
  });
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const key = useRef(newIdempotencyKey());
  const add = useAddUser();
  const set = (field: keyof Omit<AddValues, 'permissions'>) => (value: string) => {
    setErrors((e) => withoutFieldError(e, field));
    setValues((v) => ({ ...v, [field]: value }));
  };
  const toggle = (code: PermissionCategory, on: boolean) =>
    setValues((v) => ({ ...v, permissions: on ? [...v.permissions, code] : v.permissions.filter((p) => p !== code) }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(AddUserRequestSchema, values);
    if ('errors' in checked) return setErrors(checked.errors);
    setErrors(NO_ERRORS);
    try {
      const user = await add.mutateAsync({ input: values, key: key.current });
      popup.show(`${user.firstName} ${user.lastName} can now sign in as ${user.username}`);
      onDone();
    } catch (error) {
      setErrors(formErrorsFrom(error));
    }
  };

  return (
    <form className="card form-card inline-form" onSubmit={onSubmit} noValidate aria-label="Add a user">
      <h3>Add a user</h3>
      <FormAlert message={errors.message} />
      <div className="field-row">
        <TextField
          label="First name"
          name="firstName"
          autoComplete="off"
          value={values.firstName}
          onValueChange={set('firstName')}
          error={errors.fields.firstName}
        />
        <TextField
          label="Last name"
          name="lastName"
          autoComplete="off"
          value={values.lastName}
          onValueChange={set('lastName')}
          error={errors.fields.lastName}
        />
      </div>
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="off"
        value={values.email}
        onValueChange={set('email')}
        error={errors.fields.email}
      />
      <TextField
        label="Username"
        name="username"
        autoComplete="off"
        autoCapitalize="none"
        value={values.username}
        onValueChange={set('username')}
        error={errors.fields.username}
        hint="3 to 64 letters, digits and . _ @ -"
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        value={values.password}
        onValueChange={set('password')}
        error={errors.fields.password}
        hint="At least 10 characters. Give it to the new user privately."
      />
      <fieldset className="fieldset">
        <legend>Permissions</legend>
        {errors.fields.permissions && <p className="field__error">{errors.fields.permissions}</p>}
        {PERMISSION_CATEGORIES.filter((c) => granter.permissions.includes(c.code)).map((c) => (
          <div key={c.code} className="field field--check">
            <input
              id={`new-user-${c.code}`}
              type="checkbox"
              checked={values.permissions.includes(c.code)}
              onChange={(event) => toggle(c.code, event.target.checked)}
            />
            <label htmlFor={`new-user-${c.code}`}>
              {c.name} <span className="muted">— {c.description}</span>
            </label>
          </div>
        ))}
      </fieldset>
      <div className="actions">
        <button type="submit" className="button" disabled={add.isPending}>
          {add.isPending ? 'Adding…' : 'Add user'}
        </button>
        <button type="button" className="button button--secondary" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** updateUser: name, email, and whether the user may sign in. */
export function EditUserForm({ user, onDone }: { user: CustomerUser; onDone(): void }) {
  const [values, setValues] = useState<UpdateUserRequest>({
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    active: user.active,
  });
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const update = useUpdateUser();
  const set = (field: 'firstName' | 'lastName' | 'email') => (value: string) => {
    setErrors((e) => withoutFieldError(e, field));
    setValues((v) => ({ ...v, [field]: value }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(UpdateUserRequestSchema, values);
    if ('errors' in checked) return setErrors(checked.errors);
    setErrors(NO_ERRORS);
    try {
      await update.mutateAsync({ id: user.nUserID, input: values });
      popup.show('User saved');
      onDone();
    } catch (error) {
      setErrors(formErrorsFrom(error));
    }
  };

  return (
    <form className="card form-card inline-form" onSubmit={onSubmit} noValidate aria-label={`Edit ${user.username}`}>
      <h3>Edit {user.username}</h3>
      <FormAlert message={errors.message} />
      <div className="field-row">
        <TextField
          label="First name"
          name="firstName"
          value={values.firstName}
          onValueChange={set('firstName')}
          error={errors.fields.firstName}
        />
        <TextField
          label="Last name"
          name="lastName"
          value={values.lastName}
          onValueChange={set('lastName')}
          error={errors.fields.lastName}
        />
      </div>
      <TextField
        label="Email"
        name="email"
        type="email"
        value={values.email}
        onValueChange={set('email')}
        error={errors.fields.email}
      />
      {!user.isAdmin && (
        <div className={`field field--check${errors.fields.active ? ' field--invalid' : ''}`}>
          <input
            id={`active-${user.nUserID}`}
            type="checkbox"
            checked={values.active}
            onChange={(event) => setValues((v) => ({ ...v, active: event.target.checked }))}
          />
          <label htmlFor={`active-${user.nUserID}`}>Active (may sign in)</label>
        </div>
      )}
      {errors.fields.active && <p className="field__error">{errors.fields.active}</p>}
      <div className="actions">
        <button type="submit" className="button" disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save user'}
        </button>
        <button type="button" className="button button--secondary" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
