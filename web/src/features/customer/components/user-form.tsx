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
import { useRef } from 'react';
import { popup } from '../../../lib/popup-store';
import { Button } from '../../../lib/ui/button';
import { Form } from '../../../lib/ui/form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { TextField } from '../../../lib/ui/text-field';
import { useForm } from '../../../lib/use-form';
import { newIdempotencyKey } from '../api/customer-account';
import { useAddUser, useUpdateUser } from '../api/users';

type AddValues = Omit<AddUserRequest, 'permissions'> & { permissions: PermissionCategory[] };

/** addUser: a new online user of the account, with the permission categories it starts with. */
export function AddUserForm({ granter, onDone }: { granter: CustomerAccount; onDone(): void }) {
  const form = useForm<AddValues>({
    username: '',
    firstName: '',
    lastName: '',
    email: '',
    password: '',
    permissions: [],
  });
  const { values, setValues, errors } = form;
  const key = useRef(newIdempotencyKey());
  const add = useAddUser();
  const toggle = (code: PermissionCategory, on: boolean) =>
    setValues((v) => ({ ...v, permissions: on ? [...v.permissions, code] : v.permissions.filter((p) => p !== code) }));

  const onSubmit = form.submit(AddUserRequestSchema, async () => {
    const user = await add.mutateAsync({ input: values, key: key.current });
    popup.show(`${user.firstName} ${user.lastName} can now sign in as ${user.username}`);
    onDone();
  });

  return (
    <Form className="card form-card inline-form" onSubmit={onSubmit} aria-label="Add a user">
      <h3>Add a user</h3>
      <FormAlert message={errors.message} />
      <div className="field-row">
        <TextField label="First name" autoComplete="off" {...form.field('firstName')} />
        <TextField label="Last name" autoComplete="off" {...form.field('lastName')} />
      </div>
      <TextField label="Email" type="email" autoComplete="off" {...form.field('email')} />
      <TextField
        label="Username"
        autoComplete="off"
        autoCapitalize="none"
        {...form.field('username')}
        hint="3 to 64 letters, digits and . _ @ -"
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        {...form.field('password')}
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
        <Button type="submit" busy={add.isPending} busyText="Adding…">
          Add user
        </Button>
        <Button type="button" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}

/** updateUser: name, email, and whether the user may sign in. */
export function EditUserForm({
  user,
  emailLocked = false,
  onDone,
}: {
  user: CustomerUser;
  /** A super-user session: the email is shown, not edited (the server refuses the change). */
  emailLocked?: boolean;
  onDone(): void;
}) {
  const form = useForm<UpdateUserRequest>({
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    active: user.active,
  });
  const { values, setValues, errors } = form;
  const update = useUpdateUser();

  const onSubmit = form.submit(UpdateUserRequestSchema, async () => {
    await update.mutateAsync({ id: user.nUserID, input: values });
    popup.show('User saved');
    onDone();
  });

  return (
    <Form className="card form-card inline-form" onSubmit={onSubmit} aria-label={`Edit ${user.username}`}>
      <h3>Edit {user.username}</h3>
      <FormAlert message={errors.message} />
      <div className="field-row">
        <TextField label="First name" {...form.field('firstName')} />
        <TextField label="Last name" {...form.field('lastName')} />
      </div>
      <TextField
        label="Email"
        type="email"
        {...form.field('email')}
        readOnly={emailLocked}
        {...(emailLocked ? { hint: 'Only the user or the account’s administrator changes an email address.' } : {})}
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
        <Button type="submit" busy={update.isPending} busyText="Saving…">
          Save user
        </Button>
        <Button type="button" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}
