import { AUTH_CODE_STATUS_LABELS, CLASS_OF_SERVICE_LABELS } from '@strand/domain';
import { errorMessage } from '../../../lib/api-client';
import { formatMoment } from '../../../lib/format';
import { EmptyState } from '../../../lib/ui/empty-state';
import { FormAlert } from '../../../lib/ui/form-alert';
import { StatusBadge } from '../../../lib/ui/parts';
import { Table } from '../../../lib/ui/table';
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
      {codes.isPending && <p className="muted">Loading auth codes…</p>}
      {codes.isError && <FormAlert message={errorMessage(codes.error)} />}
      {codes.data?.length === 0 && <EmptyState>No auth codes on this account.</EmptyState>}
      {codes.data && codes.data.length > 0 && (
        <Table caption="Auth codes" head={['Code', 'For', 'Class of service', 'Status', 'Added']}>
          <tbody>
            {codes.data.map((c) => (
              <tr key={c.AuthCodeID}>
                <td>
                  <code className="masked-code">{c.maskedCode}</code>
                </td>
                <td>{c.description}</td>
                <td>{CLASS_OF_SERVICE_LABELS[c.classOfService]}</td>
                <td>
                  <StatusBadge status={AUTH_CODE_STATUS_LABELS[c.status]} />
                </td>
                <td>{formatMoment(c.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </section>
  );
}
