import type { TvCredentials } from '@strand/domain';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { formatDay, formatMoment } from '../../../lib/format';
import { popup } from '../../../lib/popup-store';
import { Button } from '../../../lib/ui/button';
import { ConfirmDialog } from '../../../lib/ui/confirm-dialog';
import { EmptyState } from '../../../lib/ui/empty-state';
import { FormAlert } from '../../../lib/ui/form-alert';
import { Skeleton } from '../../../lib/ui/skeleton';
import { useTvCredentials, useTvService } from '../api/customer-services';

const MASK = '••••••••••';

/**
 * TV: the account's TV packages and the sign-in of the TV app. The credentials come from the TV middleware through
 * the server (SPEC §7), hidden until the user asks to see them; a reset issues new ones after a confirmation.
 */
export function TvSection() {
  const tv = useTvService();
  const credentials = useTvCredentials();
  const [shown, setShown] = useState<TvCredentials | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async (action: 'reveal' | 'reset') => {
    setError(null);
    try {
      const answer = await credentials.mutateAsync(action);
      setShown(answer);
      if (action === 'reset') popup.show('New TV app sign-in issued. Sign in again on your TVs and phones.');
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  return (
    <section className="stack" aria-labelledby="tv-heading">
      <h2 id="tv-heading">TV</h2>
      {tv.isPending && <Skeleton label="Loading your TV service…" />}
      {tv.isError && <FormAlert message={errorMessage(tv.error)} />}
      {tv.data?.packages.length === 0 && (
        <EmptyState>This account has no TV package, so it has no TV app sign-in.</EmptyState>
      )}
      {tv.data && tv.data.packages.length > 0 && (
        <>
          <ul className="service-rows" aria-label="TV packages">
            {tv.data.packages.map((p) => (
              <li key={`${p.PackageName}-${p.fullAddress}`} className="service-row">
                <span className="service-row__name">{p.PackageName}</span>
                <span className="muted">
                  at {p.fullAddress}, since {formatDay(p.StartDate)}
                </span>
              </li>
            ))}
          </ul>
          <article className="card item-card" aria-labelledby="tv-sign-in-heading">
            <h3 id="tv-sign-in-heading">{tv.data.appName} app sign-in</h3>
            <p className="muted">Use these on your smart TV, streaming stick or phone to watch.</p>
            <dl className="tv-credentials">
              <dt>User name</dt>
              <dd data-testid="tv-username" className="tv-credentials__value">
                {shown ? shown.username : MASK}
              </dd>
              <dt>Password</dt>
              <dd data-testid="tv-password" className="tv-credentials__value">
                {shown ? shown.password : MASK}
              </dd>
            </dl>
            {shown?.issuedAt && <p className="muted">Issued {formatMoment(shown.issuedAt)}</p>}
            <FormAlert message={error} />
            <div className="actions">
              {shown ? (
                <Button type="button" variant="secondary" onClick={() => setShown(null)}>
                  Hide sign-in
                </Button>
              ) : (
                <Button type="button" busy={credentials.isPending} onClick={() => run('reveal')}>
                  Show sign-in
                </Button>
              )}
              <Button
                type="button"
                variant="destructive"
                disabled={credentials.isPending}
                onClick={() => setConfirming(true)}
              >
                Reset sign-in
              </Button>
            </div>
          </article>
        </>
      )}
      {confirming && (
        <ConfirmDialog
          message="Issue a new TV app sign-in? The old password stops working on every TV and phone signed in with it."
          yesLabel="Issue new sign-in"
          noLabel="Keep the current one"
          danger
          onYes={() => {
            setConfirming(false);
            void run('reset');
          }}
          onNo={() => setConfirming(false)}
        />
      )}
    </section>
  );
}
