import { DEFAULT_THEME, type Theme, ThemeSchema } from '@strand/domain';
import { useEffect } from 'react';
import { useSession } from '../../../lib/browser-session';
import { saveLocalTheme, useLocalTheme, usesLocalTheme } from '../../../lib/local-theme';
import { NotificationPreferencesForm } from '../../../lib/notification-preferences';
import { PaperlessBilling } from '../../../lib/paperless-billing';
import { popup } from '../../../lib/popup-store';
import { useShellConfig } from '../../../lib/shell-config';
import { headerStyleOf } from '../../../lib/theme';
import { Button } from '../../../lib/ui/button';
import { Form } from '../../../lib/ui/form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { usePageTitle } from '../../../lib/ui/page-title';
import { TextField } from '../../../lib/ui/text-field';
import { useForm } from '../../../lib/use-form';
import { useSettings } from '../api/get-settings';
import { useSaveSettings } from '../api/save-settings';
import { PasswordForm } from './password-form';

interface ThemeValues {
  enableStyle: boolean;
  gradientDirection: string;
  selectedColor1: string;
  selectedColor2: string;
}

const toValues = (theme: Theme): ThemeValues => ({ ...theme, gradientDirection: String(theme.gradientDirection) });
/** What the schema checks: the direction as a number (blank is not 0). */
const toDraft = (values: ThemeValues) => ({
  ...values,
  gradientDirection: values.gradientDirection.trim() === '' ? Number.NaN : Number(values.gradientDirection),
});

/**
 * /settings: the header theme (SPEC §3 Theme), loaded from and saved to the server; for the users the provider named
 * in LOCAL_THEME_USER_IDS (SPEC §6), kept in this browser instead and never sent to the server.
 */
export function SettingsPage() {
  usePageTitle('Settings');
  const session = useSession();
  const nUserID = session.claims?.nUserID ?? 0;
  const customer = session.portal === 'residential' || session.portal === 'business';
  const config = useShellConfig();
  const local = usesLocalTheme(config, nUserID);
  // The server's settings are asked only once the config says this user does not keep the theme locally.
  const settings = useSettings(config && !local ? nUserID : undefined);
  const localTheme = useLocalTheme(nUserID, local);
  const save = useSaveSettings(nUserID);
  const form = useForm<ThemeValues>(() => toValues({ ...DEFAULT_THEME }));
  const { values, errors, setValues } = form;
  const loaded = local ? localTheme : settings.data?.theme;
  // Until the saved theme has arrived the fields stay read-only: what someone typed would otherwise be overwritten.
  const loading = !config || (!local && settings.isPending);

  useEffect(() => {
    if (loaded) setValues(toValues(loaded));
  }, [loaded, setValues]);

  const preview = headerStyleOf(ThemeSchema.safeParse({ ...toDraft(values), enableStyle: true }).data);

  const onSubmit = form.submit(
    ThemeSchema,
    async (theme) => {
      if (local) {
        saveLocalTheme(nUserID, theme);
        popup.show('Settings saved on this device');
        return;
      }
      await save.mutateAsync({ theme });
      popup.show('Settings saved');
    },
    { check: toDraft },
  );

  return (
    <section className="page stack" aria-labelledby="settings-heading">
      <h1 id="settings-heading">Settings</h1>
      <p className="page__lead">
        {local
          ? 'Choose how the header of the portal looks. Your theme is kept in this browser only, as your provider set up for your user: other devices keep their own.'
          : 'Choose how the header of the portal looks on your devices.'}
      </p>
      {!local && settings.isError && (
        <FormAlert message="Your saved settings could not be loaded. The defaults are shown." />
      )}
      <Form className="card form-card" onSubmit={onSubmit} aria-busy={loading}>
        <h2>Header theme</h2>
        <FormAlert message={errors.message} />
        <div className="field field--check">
          <input
            id="enable-style"
            type="checkbox"
            checked={values.enableStyle}
            disabled={loading}
            onChange={(event) => form.set('enableStyle')(event.target.checked)}
          />
          <label htmlFor="enable-style">Use a custom gradient in the header</label>
        </div>
        <TextField
          label="Gradient direction (degrees)"
          name="gradientDirection"
          type="number"
          inputMode="numeric"
          min={0}
          max={360}
          step={1}
          hint="0 to 360. 270 runs from right to left."
          value={values.gradientDirection}
          disabled={loading}
          onValueChange={form.set('gradientDirection')}
          error={errors.fields.gradientDirection}
        />
        <div className="field-row">
          <TextField
            label="First color"
            name="selectedColor1"
            type="color"
            className="color-input"
            value={values.selectedColor1}
            disabled={loading}
            onValueChange={form.set('selectedColor1')}
            error={errors.fields.selectedColor1}
          />
          <TextField
            label="Second color"
            name="selectedColor2"
            type="color"
            className="color-input"
            value={values.selectedColor2}
            disabled={loading}
            onValueChange={form.set('selectedColor2')}
            error={errors.fields.selectedColor2}
          />
        </div>
        <div className="theme-preview" style={preview} aria-hidden="true">
          Preview
        </div>
        <Button type="submit" disabled={save.isPending || loading} busy={save.isPending} busyText="Saving…">
          Save settings
        </Button>
      </Form>
      <PasswordForm />
      <NotificationPreferencesForm
        path="/api/notifications/preferences"
        idPrefix="my-notifications"
        heading="Notifications"
        lead="Choose what we tell you, and how. Each kind of notice can come by e-mail, by text message and in the portal (the bell at the top)."
      />
      {/* Customers: the account's paperless choice (shown when the user may see bills). */}
      <PaperlessBilling enabled={customer} />
    </section>
  );
}
