import { NOTICE_KIND_LABELS, NOTICE_STATUS_LABELS } from '@strand/domain';
import { Link } from 'react-router';
import { staffNoticePath } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { formatMoment } from '../../../lib/format';
import { EmptyState } from '../../../lib/ui/empty-state';
import { FormAlert } from '../../../lib/ui/form-alert';
import { Skeleton } from '../../../lib/ui/skeleton';
import { StatusBadge } from '../../../lib/ui/status-badge';
import { Table } from '../../../lib/ui/table';
import { useNotices } from '../api/subscribers';

/** The notices sent, newest first, with their status and how many were told; each opens its record. */
export function NoticesSection() {
  const notices = useNotices();
  return (
    <section className="stack" aria-labelledby="notices-heading">
      <h2 id="notices-heading">Notices</h2>
      {notices.isError && <FormAlert message={errorMessage(notices.error)} />}
      {notices.isPending && <Skeleton label="Loading notices…" />}
      {notices.data && notices.data.notices.length === 0 && (
        <EmptyState>No notice has been sent yet. Build a list above and write one.</EmptyState>
      )}
      {notices.data && notices.data.notices.length > 0 && (
        <div className="notices-table">
          <Table
            caption="Notices, newest first"
            head={['Notice', 'Status', 'Sent on', 'Told', 'Failed', 'Skipped', 'Waiting']}
            numericFrom={3}
          >
            <tbody>
              {notices.data.notices.map((n) => (
                <tr key={n.id}>
                  <td className="wrap">
                    <Link to={staffNoticePath(n.id)}>{n.subject}</Link>
                    <br />
                    <span className="muted">
                      {NOTICE_KIND_LABELS[n.kind]} · {n.audienceCustomers.toLocaleString('en-US')} customers · by{' '}
                      {n.createdBy}
                    </span>
                  </td>
                  <td>
                    <StatusBadge status={NOTICE_STATUS_LABELS[n.status]} />
                  </td>
                  <td>{formatMoment(n.createdAt)}</td>
                  <td className="num">{n.counts.sent.toLocaleString('en-US')}</td>
                  <td className="num">{n.counts.failed.toLocaleString('en-US')}</td>
                  <td className="num">{n.counts.skipped.toLocaleString('en-US')}</td>
                  <td className="num">{n.counts.pending.toLocaleString('en-US')}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      )}
    </section>
  );
}
