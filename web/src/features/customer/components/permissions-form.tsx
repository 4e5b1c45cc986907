import {
  type CustomerAccount,
  type CustomerUser,
  type PermissionCategory,
  permissionConflicts,
  type UserPermissions,
} from '@strand/domain';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { CORRECT_FIELDS_MESSAGE, type FormErrors, formErrorsFrom, NO_ERRORS } from '../../../lib/form-errors';
import { popup } from '../../../lib/popup-store';
import { Button } from '../../../lib/ui/button';
import { Form } from '../../../lib/ui/form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { Skeleton } from '../../../lib/ui/skeleton';
import { useUpdatePermissions, useUserPermissions } from '../api/users';

export interface PermissionsFormProps {
  user: CustomerUser;
  granter: CustomerAccount;
  onDone(): void;
}

/** A user's permission categories (getPermissionCategories, updatePermissions with the UtilityList). */
export function PermissionsForm(props: PermissionsFormProps) {
  const permissions = useUserPermissions(props.user.nUserID);
  if (permissions.isError) return <FormAlert message={errorMessage(permissions.error)} />;
  if (!permissions.data) return <Skeleton label="Loading permissions…" />;
  return <LoadedPermissionsForm {...props} data={permissions.data} />;
}

/** The form starts from the permissions as loaded; a later refetch does not undo what the user ticked. */
function LoadedPermissionsForm({ user, granter, onDone, data }: PermissionsFormProps & { data: UserPermissions }) {
  const save = useUpdatePermissions();
  const [granted, setGranted] = useState<PermissionCategory[]>(() =>
    data.categories.filter((c) => c.granted).map((c) => c.code),
  );
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);

  const name = `${user.firstName} ${user.lastName}`;
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors(NO_ERRORS);
    // The same rule the server enforces: "Pay bills" without "View bills" is refused before sending.
    const conflicts = permissionConflicts(granted);
    if (conflicts.length > 0) {
      setErrors({ message: CORRECT_FIELDS_MESSAGE, fields: { UtilityList: conflicts.join(' ') } });
      return;
    }
    try {
      await save.mutateAsync({ id: user.nUserID, categories: granted });
      popup.show(`Permissions of ${name} saved`);
      onDone();
    } catch (error) {
      setErrors(formErrorsFrom(error));
    }
  };

  return (
    <Form className="card form-card inline-form" onSubmit={onSubmit} aria-label={`Permissions of ${name}`}>
      <fieldset className="fieldset" disabled={!data.editable}>
        <legend>Permissions of {name}</legend>
        {!data.editable && (
          <p className="notice">
            {data.isAdmin
              ? 'The account administrator always has every permission.'
              : 'You cannot change your own permissions.'}
          </p>
        )}
        <FormAlert message={errors.message} />
        {errors.fields.UtilityList && (
          <p className="field__error" id={`perm-${user.nUserID}-error`}>
            {errors.fields.UtilityList}
          </p>
        )}
        {data.categories.map((c) => {
          // Only categories the signed-in user holds can be given or taken away.
          const mine = granter.permissions.includes(c.code);
          return (
            <div key={c.code} className="field field--check">
              <input
                id={`perm-${user.nUserID}-${c.code}`}
                type="checkbox"
                checked={granted.includes(c.code)}
                disabled={!mine}
                onChange={(event) =>
                  setGranted((g) => (event.target.checked ? [...g, c.code] : g.filter((x) => x !== c.code)))
                }
              />
              <label htmlFor={`perm-${user.nUserID}-${c.code}`}>
                {c.name} <span className="muted">— {c.description}</span>
              </label>
            </div>
          );
        })}
      </fieldset>
      <div className="actions">
        {data.editable && (
          <Button type="submit" busy={save.isPending} busyText="Saving…">
            Save permissions
          </Button>
        )}
        <Button type="button" variant="secondary" onClick={onDone}>
          {data.editable ? 'Cancel' : 'Close'}
        </Button>
      </div>
    </Form>
  );
}
