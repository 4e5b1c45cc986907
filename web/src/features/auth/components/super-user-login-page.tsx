import { SuperLoginRequestSchema } from '@strand/domain';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { sessionStore } from '../../../lib/browser-session';
import { ButtonLink } from '../../../lib/ui/button-link';
import { FormAlert } from '../../../lib/ui/form-alert';
import { usePageTitle } from '../../../lib/ui/page-title';
import { superLogin } from '../api/super-login';

/** A link works once: remember the call per link so a re-mounted page does not spend it twice. */
const attempts = new Map<string, Promise<string>>();

function signInWithLink(key: string, body: Parameters<typeof superLogin>[0]): Promise<string> {
  let attempt = attempts.get(key);
  if (!attempt) {
    attempt = superLogin(body).then(({ token }) => token);
    attempts.set(key, attempt);
  }
  return attempt;
}

/**
 * /login/superUser/{vcCustomerID}/{hash}/{nEmployeeID}: a staff member opens a customer's account as a super user.
 * The new session replaces any current one; the route guard then lands in the customer's portal.
 */
export function SuperUserLoginPage() {
  usePageTitle('Super-user sign-in');
  const { vcCustomerID, hash, nEmployeeID } = useParams();
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const parsed = SuperLoginRequestSchema.safeParse({ vcCustomerID, hash, nEmployeeID });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'The super-user link is not valid.');
      return;
    }
    let active = true;
    signInWithLink(`${vcCustomerID}/${hash}/${nEmployeeID}`, parsed.data).then(
      (token) => {
        if (!active) return;
        try {
          sessionStore.signIn(token);
        } catch (err) {
          setError(errorMessage(err));
        }
      },
      (err: unknown) => {
        if (active) setError(errorMessage(err));
      },
    );
    return () => {
      active = false;
    };
  }, [vcCustomerID, hash, nEmployeeID]);

  return (
    <section className="card auth-card" aria-labelledby="super-heading">
      <h1 id="super-heading">Super-user sign-in</h1>
      {error ? (
        <>
          <FormAlert message={error} />
          <p>Ask for a new link on the staff page, or sign in normally.</p>
          <p>
            <ButtonLink block to={paths.login}>
              Go to sign in
            </ButtonLink>
          </p>
        </>
      ) : (
        <p role="status">Opening account {vcCustomerID}…</p>
      )}
    </section>
  );
}
