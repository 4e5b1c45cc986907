/** The summary cards and the download runner are the shared report view's. */
export { SummaryCard } from '../../../lib/reports/report-view';
/** The reports' tables are the UI kit's Table. */
export { Table as ReportTable } from '../../../lib/ui/table';
export { useDownload } from '../../../lib/use-download';

/** 75 -> "1:15". */
export function formatDuration(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

export const formatCount = (n: number) => n.toLocaleString('en-US');
