import {
  formatCents,
  formatNoticeTime,
  NOTICE_KIND_LABELS,
  NOTICE_STATUS_LABELS,
  type NoticeDetail,
  type NoticeRecipient,
  SERVICE_CATEGORY_LABELS,
  type SubscriberFilter,
} from '@strand/domain';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { formatMoment } from '../../../lib/format';
import { Button } from '../../../lib/ui/button';
import { type DataColumn, DataTable } from '../../../lib/ui/data-table';
import { EmptyState } from '../../../lib/ui/empty-state';
import { FormAlert } from '../../../lib/ui/form-alert';
import { usePageTitle } from '../../../lib/ui/page-title';
import { resultsRegionProps } from '../../../lib/ui/results-region';
import { Skeleton } from '../../../lib/ui/skeleton';
import { StatusBadge, type StatusTone } from '../../../lib/ui/status-badge';
import { downloadRecipientsCsv, useNotice } from '../api/subscribers';
import { customerColumn } from './customer-column';
import { NetworkOnly } from './network-only';
import '../../../styles/customer.css';
import '../../../styles/reports.css';
import '../../../styles/subscribers.css';

/** /staff/subscribers/notices/:noticeId: one notice, its status and its record of who was told. */
export function NoticePage() {
  usePageTitle('Notice');
  return (
    <NetworkOnly>
      <NoticeContent />
    </NetworkOnly>
  );
}

/** The list a notice went to, in words. */
function describeFilter(f: SubscriberFilter, id: (kind: string, value: number) => string): string {
  const parts = [
    f.packageId !== undefined ? id('package', f.packageId) : null,
    f.category ? `service ${SERVICE_CATEGORY_LABELS[f.category]}` : null,
    f.centralOfficeId !== undefined ? id('central office', f.centralOfficeId) : null,
    f.coloArea ? `colo area ${f.coloArea}` : null,
    f.ontModelId !== undefined ? id('ONT model', f.ontModelId) : null,
    f.accountStatus ? `account status ${f.accountStatus}` : null,
    f.balanceOverCents !== undefined ? `open balance above ${formatCents(f.balanceOverCents)}` : null,
    f.pastDue === 'true' ? 'past due' : f.pastDue === 'false' ? 'not past due' : null,
  ].filter((p): p is string => p !== null);
  return parts.length > 0 ? parts.join(', ') : 'every active subscriber';
}

/** A recipient's outcome: a short word with its colour, and when it was sent or why not. */
function Result({ r }: { r: NoticeRecipient }) {
  const [word, tone, detail]: [string, StatusTone, string | null] =
    r.status === 'sent'
      ? ['Sent', 'success', r.sentAt ? formatMoment(r.sentAt) : null]
      : r.status === 'failed'
        ? ['Failed', 'danger', r.failure]
        : r.status === 'skipped'
          ? ['Skipped', 'neutral', r.failure]
          : ['Waiting', 'info', r.failure ? `Will try again: ${r.failure}` : null];
  return (
    <>
      <StatusBadge status={word} tone={tone} />
      {detail && <span className="recipient-detail">{detail}</span>}
    </>
  );
}

/** Who was told: the customer and the result always; on a phone the e-mail and address stack under the customer. */
const RECIPIENT_COLUMNS: readonly DataColumn<NoticeRecipient>[] = [
  customerColumn(),
  { id: 'result', header: 'Result', cell: (r) => <Result r={r} /> },
  { id: 'email', header: 'Email', cell: (r) => r.email ?? '—', priority: 2 },
  { id: 'address', header: 'Service address', cell: (r) => r.address, priority: 2 },
];

function NoticeContent() {
  const params = useParams();
  const noticeId = Number(params.noticeId);
  const [page, setPage] = useState(1);
  const notice = useNotice(noticeId, page);
  const [download, setDownload] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });

  if (
    !Number.isInteger(noticeId) ||
    noticeId <= 0 ||
    (notice.error instanceof ApiError && notice.error.status === 404)
  ) {
    return (
      <section className="page">
        <h1>Notice not found</h1>
        <p className="page__lead">There is no such notice. It may have been mistyped.</p>
        <Link to={paths.staffSubscribers}>Back to subscribers</Link>
      </section>
    );
  }

  const n: NoticeDetail | undefined = notice.data;
  const pages = n ? Math.max(1, Math.ceil(n.recipients.total / n.recipients.pageSize)) : 1;
  const exportCsv = () => {
    setDownload({ busy: true, error: null });
    downloadRecipientsCsv(noticeId)
      .then(() => setDownload({ busy: false, error: null }))
      .catch((e: unknown) => setDownload({ busy: false, error: errorMessage(e) }));
  };

  return (
    <section className="page page--wide stack" aria-labelledby="notice-page-heading">
      <p>
        <Link to={paths.staffSubscribers}>← Subscribers and notices</Link>
      </p>
      {notice.isError && <FormAlert message={errorMessage(notice.error)} />}
      {notice.isPending && <Skeleton label="Loading the notice…" />}
      {n && (
        <>
          <header className="notice-head">
            <h1 id="notice-page-heading">{n.subject}</h1>
            <StatusBadge status={NOTICE_STATUS_LABELS[n.status]} />
          </header>
          <dl className="notice-facts card">
            <dt>Kind</dt>
            <dd>{NOTICE_KIND_LABELS[n.kind]}</dd>
            {n.windowStart && n.windowEnd && (
              <>
                <dt>Window</dt>
                <dd>
                  {formatNoticeTime(n.windowStart)} to {formatNoticeTime(n.windowEnd)}
                </dd>
              </>
            )}
            {n.ticketReference && (
              <>
                <dt>Outage</dt>
                <dd>{n.ticketReference}</dd>
              </>
            )}
            <dt>Sent</dt>
            <dd>
              {formatMoment(n.createdAt)} by {n.createdBy}
            </dd>
            <dt>To</dt>
            <dd>
              {n.audienceCustomers.toLocaleString('en-US')} customers:{' '}
              {describeFilter(n.filter, (kind, value) => `${kind} #${value}`)}
            </dd>
            <dt>Told</dt>
            <dd data-testid="notice-counts">
              {n.counts.sent.toLocaleString('en-US')} sent · {n.counts.failed.toLocaleString('en-US')} failed ·{' '}
              {n.counts.skipped.toLocaleString('en-US')} skipped (no address or not wanted) ·{' '}
              {n.counts.pending.toLocaleString('en-US')} waiting
            </dd>
          </dl>
          <section className="card" aria-labelledby="notice-message-heading">
            <h2 id="notice-message-heading">Message</h2>
            <p className="prewrap">{n.body}</p>
          </section>

          <section className="stack" aria-labelledby="told-heading" {...resultsRegionProps(notice)}>
            <div className="report-heading">
              <h2 id="told-heading">Who was told</h2>
              <Button
                type="button"
                variant="secondary"
                busy={download.busy}
                disabled={n.recipients.total === 0}
                onClick={exportCsv}
              >
                Download CSV
              </Button>
            </div>
            <FormAlert message={download.error} />
            {n.status === 'queued' && (
              <p className="muted" role="status">
                The recipients are being listed; this page updates by itself.
              </p>
            )}
            {n.recipients.rows.length === 0 ? (
              n.status !== 'queued' && <EmptyState>Nobody was on this notice’s list.</EmptyState>
            ) : (
              <>
                <DataTable
                  caption="Who was told"
                  columns={RECIPIENT_COLUMNS}
                  rows={n.recipients.rows}
                  rowKey={(r) => `${r.customerId}-${r.email ?? 'none'}`}
                />
                {pages > 1 && (
                  <nav className="pager" aria-label="Pages of recipients">
                    <Button type="button" variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                      Previous
                    </Button>
                    <span>
                      Page {page} of {pages}
                    </span>
                    <Button
                      type="button"
                      variant="secondary"
                      disabled={page >= pages}
                      onClick={() => setPage(page + 1)}
                    >
                      Next
                    </Button>
                  </nav>
                )}
              </>
            )}
          </section>
        </>
      )}
    </section>
  );
}
