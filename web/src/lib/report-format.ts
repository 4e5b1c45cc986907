/**
 * A report value in its column's format (domain ReportFormat), the one way the pages, the charts and their tables
 * write report numbers: money from cents, hours of the day as 13:00, dates as "Mar 5, 2025", weeks by their Monday.
 */
import { formatCents, formatPhone, type ReportCell, type ReportFormat } from '@strand/domain';
import { formatDay } from './format';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export function formatReportValue(value: ReportCell, format: ReportFormat): string {
  if (value === null) return '';
  if (typeof value === 'string') {
    switch (format) {
      case 'date':
        return formatDay(value);
      case 'week':
        return `Week of ${formatDay(value)}`;
      case 'month':
        return `${MONTHS[Number(value.slice(5, 7)) - 1]} ${value.slice(0, 4)}`;
      case 'datetime':
        return `${formatDay(value)} ${value.slice(11, 16)} UTC`;
      case 'phone':
        return formatPhone(value);
      default:
        return value;
    }
  }
  switch (format) {
    case 'cents':
      return formatCents(value);
    case 'hour':
      return `${String(value).padStart(2, '0')}:00`;
    case 'percent':
      return `${value.toFixed(1)}%`;
    default:
      return value.toLocaleString('en-US');
  }
}

/** A short label for an axis: "Mar 5", "13h", "$1.2k", "12k". */
export function formatAxisValue(value: string | number, format: ReportFormat): string {
  if (typeof value === 'string') {
    if (format === 'date' || format === 'week')
      return `${MONTHS[Number(value.slice(5, 7)) - 1]} ${Number(value.slice(8, 10))}`;
    if (format === 'month') return `${MONTHS[Number(value.slice(5, 7)) - 1]} ${value.slice(2, 4)}`;
    return value.length > 14 ? `${value.slice(0, 13)}…` : value;
  }
  if (format === 'hour') return `${String(value).padStart(2, '0')}h`;
  const n = format === 'cents' ? value / 100 : value;
  const prefix = format === 'cents' ? '$' : '';
  const abs = Math.abs(n);
  if (abs >= 1_000_000) return `${prefix}${(n / 1_000_000).toFixed(1).replace(/\.0$/, '')}M`;
  if (abs >= 10_000) return `${prefix}${Math.round(n / 1000)}k`;
  if (abs >= 1000) return `${prefix}${(n / 1000).toFixed(1).replace(/\.0$/, '')}k`;
  return `${prefix}${Number.isInteger(n) ? n : n.toFixed(1)}${format === 'percent' ? '%' : ''}`;
}
