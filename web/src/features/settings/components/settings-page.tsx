import { DEFAULT_THEME, type Theme, ThemeSchema } from '@strand/domain';
import { type FormEvent, useEffect, useState } from 'react';
import { useSession } from '../../../lib/browser-session';
import { type FormErrors, formErrorsFrom, NO_ERRORS, validate } from '../../../lib/form-errors';
import { popup } from '../../../lib/popup-store';
import { headerStyleOf } from '../../../lib/theme';
import { Button } from '../../../lib/ui/button';
import { Form } from '../../../lib/ui/form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { usePageTitle } from '../../../lib/ui/page-title';
import { TextField } from '../../../lib/ui/text-field';
import { useSettings } from '../api/get-settings';
import { useSaveSettings } from '../api/save-settings';

interface ThemeValues {
  enableStyle: boolean;
  gradientDirection: string;
  selectedColor1: string;
  selectedColor2: string;
}

const toValues = (theme: Theme): ThemeValues => ({ ...theme, gradientDirection: String(theme.gradientDirection) });

/** /settings: the header theme (SPEC §3 Theme), loaded from and saved to the server. */
export function SettingsPage() {
  usePageTitle('Settings');
  const nUserID = useSession().claims?.nUserID ?? 0;
  const settings = useSettings(nUserID);
  const save = useSaveSettings(nUserID);
  const [values, setValues] = useState<ThemeValues>(() => toValues({ ...DEFAULT_THEME }));
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const loaded = settings.data?.theme;
  // Until the saved theme has arrived the fields stay read-only: what someone typed would otherwise be overwritten.
  const loading = settings.isPending;

  useEffect(() => {
    if (loaded) setValues(toValues(loaded));
  }, [loaded]);

  const update = <K extends keyof ThemeValues>(key: K, value: ThemeValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const draft = {
    ...values,
    gradientDirection: values.gradientDirection.trim() === '' ? Number.NaN : Number(values.gradientDirection),
  };
  const preview = headerStyleOf(ThemeSchema.safeParse({ ...draft, enableStyle: true }).data);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(ThemeSchema, draft);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    setErrors(NO_ERRORS);
    try {
      await save.mutateAsync({ theme: checked.data });
      popup.show('Settings saved');
    } catch (error) {
      setErrors(formErrorsFrom(error));
    }
  };

  return (
    <section className="page" aria-labelledby="settings-heading">
      <h1 id="settings-heading">Settings</h1>
      <p className="page__lead">Choose how the header of the portal looks on your devices.</p>
      {settings.isError && <FormAlert message="Your saved settings could not be loaded. The defaults are shown." />}
      <Form className="card form-card" onSubmit={onSubmit} aria-busy={loading}>
        <h2>Header theme</h2>
        <FormAlert message={errors.message} />
        <div className="field field--check">
          <input
            id="enable-style"
            type="checkbox"
            checked={values.enableStyle}
            disabled={loading}
            onChange={(event) => update('enableStyle', event.target.checked)}
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
          onValueChange={(value) => update('gradientDirection', value)}
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
            onValueChange={(value) => update('selectedColor1', value)}
            error={errors.fields.selectedColor1}
          />
          <TextField
            label="Second color"
            name="selectedColor2"
            type="color"
            className="color-input"
            value={values.selectedColor2}
            disabled={loading}
            onValueChange={(value) => update('selectedColor2', value)}
            error={errors.fields.selectedColor2}
          />
        </div>
        <div className="theme-preview" style={preview} aria-hidden="true">
          Preview
        </div>
        <Button type="submit" disabled={save.isPending || loading}>
          {save.isPending ? 'Saving…' : 'Save settings'}
        </Button>
      </Form>
    </section>
  );
}
