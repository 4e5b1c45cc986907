export interface FormAlertProps {
  message: string | null;
  tone?: 'error' | 'success';
}

/** The region for a form's overall message: errors are announced as alerts, successes as status. */
export function FormAlert({ message, tone = 'error' }: FormAlertProps) {
  if (!message) return null;
  return (
    <div className={`alert alert--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {message}
    </div>
  );
}
