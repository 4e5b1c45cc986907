import { AUTH_CODE_STATUS_LABELS, CLASS_OF_SERVICE_LABELS } from '@strand/domain';
import { errorMessage } from '../../../lib/api-client';
import { formatMoment } from '../../../lib/format';
import { EmptyState } from '../../../lib/ui/empty-state';
import { FormAlert } from '../../../lib/ui/form-alert';
import { Skeleton } from '../../../lib/ui/skeleton';
import { StatusBadge } from '../../../lib/ui/status-badge';
import { useCustomerAuthCodes } from '../api/services';
import '../../../styles/staff.css';

/**
 * The business account's auth codes (the codes its phones dial before a toll or international call), masked: the
 * full code is given once, when the provider adds it. A new code is pending until the phone switch confirms it.
 */
export function AuthCodesSection() {
  const codes = useCustomerAuthCodes(true);
  return (
    <section className="stack" aria-labelledby="auth-codes-heading">
      <h2 id="auth-codes-heading">Auth codes</h2>
      <p className="muted">
        Your phones dial one of these codes before a long-distance, international or toll-free call. For your security
        only the last digit is shown; to add, change or stop a code, call us.
      </p>
      {codes.isPending && <Skeleton label="Loading auth codes…" />}
      {codes.isError && <FormAlert message={errorMessage(codes.error)} />}
      {codes.data?.length === 0 && <EmptyState>No auth codes on this account.</EmptyState>}
      {codes.data && codes.data.length > 0 && (
        <ul className="card-list" aria-label="Auth codes">
          {codes.data.map((c) => (
            <li key={c.AuthCodeID}>
              <article className="card item-card" aria-labelledby={`customer-auth-code-${c.AuthCodeID}`}>
                <div className="item-card__head">
                  <h3 id={`customer-auth-code-${c.AuthCodeID}`}>
                    <code className="masked-code">{c.maskedCode}</code> {c.description}
                  </h3>
                  <StatusBadge status={AUTH_CODE_STATUS_LABELS[c.status]} />
                </div>
                <dl className="facts facts--compact">
                  <div>
                    <dt>Class of service</dt>
                    <dd>{CLASS_OF_SERVICE_LABELS[c.classOfService]}</dd>
                  </div>
                  <div>
                    <dt>Added</dt>
                    <dd>{formatMoment(c.createdAt)}</dd>
                  </div>
                </dl>
              </article>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
