/**
 * Notification preferences (issue 30): per category and channel, and SMS quiet hours. Shown in Settings (the user's
 * own: /api/notifications/preferences) and by a business account's administrator for each of its users
 * (/api/customer/users/{id}/notification-preferences) — two features, one piece, so it lives here.
 */
import { NOTIFICATION_CATEGORIES, NotificationPreferencesSchema } from '@strand/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { apiRequest, errorMessage } from './api-client';
import { CORRECT_FIELDS_MESSAGE, type FormErrors, formErrorsFrom, NO_ERRORS } from './form-errors';
import {
  CATEGORY_TEXT,
  CHANNEL_LABEL,
  type ChoiceValues,
  channelsOf,
  checkQuietHours,
  choiceKey,
  updateOf,
  valuesOf,
} from './notification-choices';
import { popup } from './popup-store';
import { Button } from './ui/button';
import { TimeField } from './ui/date-time-field';
import { FormAlert } from './ui/form-alert';
import { Skeleton } from './ui/skeleton';

export interface NotificationPreferencesFormProps {
  /** The preferences' address (GET and PUT). */
  path: string;
  /** Prefixes the ids of the form's controls, so two forms on one page do not share them. */
  idPrefix: string;
  heading: string;
  lead: string;
  /** The toast after a save. */
  savedMessage?: string;
}

export function NotificationPreferencesForm({
  path,
  idPrefix,
  heading,
  lead,
  savedMessage = 'Notification preferences saved',
}: NotificationPreferencesFormProps) {
  const queryClient = useQueryClient();
  const queryKey = ['notifications', 'preferences', path];
  const saved = useQuery({
    queryKey,
    queryFn: ({ signal }) => apiRequest(path, { schema: NotificationPreferencesSchema, signal }),
  });
  const save = useMutation({
    mutationFn: (values: ChoiceValues) =>
      apiRequest(path, { method: 'PUT', body: updateOf(values), schema: NotificationPreferencesSchema }),
    onSuccess: (answer) => queryClient.setQueryData(queryKey, answer),
  });
  const [values, setValues] = useState<ChoiceValues | null>(null);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  useEffect(() => {
    if (saved.data) setValues(valuesOf(saved.data));
  }, [saved.data]);

  const headingId = `${idPrefix}-heading`;
  if (saved.isPending || (!values && !saved.isError)) {
    return (
      <section className="card form-card" aria-labelledby={headingId}>
        <h2 id={headingId}>{heading}</h2>
        <Skeleton label="Loading notification preferences…" lines={4} />
      </section>
    );
  }
  if (!values) {
    return (
      <section className="card form-card" aria-labelledby={headingId}>
        <h2 id={headingId}>{heading}</h2>
        <FormAlert message={errorMessage(saved.error)} />
      </section>
    );
  }

  const set = (patch: Partial<ChoiceValues>) => setValues({ ...values, ...patch });
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const fields = checkQuietHours(values);
    if (Object.keys(fields).length > 0) {
      setErrors({ fields, message: CORRECT_FIELDS_MESSAGE });
      return;
    }
    setErrors(NO_ERRORS);
    try {
      await save.mutateAsync(values);
      popup.show(savedMessage);
    } catch (err) {
      setErrors(formErrorsFrom(err));
    }
  };

  return (
    <form className="card form-card notification-prefs" aria-labelledby={headingId} onSubmit={onSubmit} noValidate>
      <h2 id={headingId}>{heading}</h2>
      <p className="muted">{lead}</p>
      <FormAlert message={errors.message} />
      {NOTIFICATION_CATEGORIES.map((category) => {
        const locked = category === 'security';
        const hintId = `${idPrefix}-${category}-hint`;
        return (
          <fieldset key={category} className="notification-prefs__group" aria-describedby={hintId}>
            <legend>{CATEGORY_TEXT[category].label}</legend>
            <p id={hintId} className="field__hint">
              {CATEGORY_TEXT[category].hint}
            </p>
            <div className="notification-prefs__channels">
              {channelsOf(category).map((channel) => {
                const id = `${idPrefix}-${category}-${channel}`;
                return (
                  <div key={channel} className="field field--check">
                    <input
                      id={id}
                      type="checkbox"
                      checked={locked || (values.on[choiceKey(category, channel)] ?? false)}
                      disabled={locked || save.isPending}
                      onChange={(e) => set({ on: { ...values.on, [choiceKey(category, channel)]: e.target.checked } })}
                    />
                    <label htmlFor={id}>
                      {CHANNEL_LABEL[channel]}
                      <span className="visually-hidden"> for {CATEGORY_TEXT[category].label.toLowerCase()}</span>
                      {locked && <span className="muted"> (always on)</span>}
                    </label>
                  </div>
                );
              })}
            </div>
          </fieldset>
        );
      })}
      <fieldset className="notification-prefs__group">
        <legend>Quiet hours for text messages</legend>
        <div className="field field--check">
          <input
            id={`${idPrefix}-quiet`}
            type="checkbox"
            checked={values.quiet}
            disabled={save.isPending}
            onChange={(e) => set({ quiet: e.target.checked })}
          />
          <label htmlFor={`${idPrefix}-quiet`}>Hold text messages during quiet hours (sent when they end)</label>
        </div>
        {values.quiet && (
          <div className="field-row">
            <TimeField
              label="Quiet from"
              value={values.starts}
              nowLabel={false}
              disabled={save.isPending}
              onValueChange={(starts) => set({ starts })}
              error={errors.fields['quietHours.starts']}
            />
            <TimeField
              label="Quiet until"
              value={values.ends}
              nowLabel={false}
              disabled={save.isPending}
              onValueChange={(ends) => set({ ends })}
              error={errors.fields['quietHours.ends']}
            />
          </div>
        )}
      </fieldset>
      <Button type="submit" busy={save.isPending} busyText="Saving…">
        Save notification preferences
      </Button>
    </form>
  );
}
