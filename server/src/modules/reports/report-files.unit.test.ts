import { column, type ReportData, stat } from '@strand/domain';
import { describe, expect, it } from 'vitest';
import { csvValue, printed, renderReportPdf, reportCsv, reportFileName } from './report-files.js';

const report: ReportData = {
  type: 'busy',
  title: 'Busy Report',
  description: 'Busy signals.',
  from: '2025-03-01',
  to: '2025-03-31',
  subject: 'Acme Dental Group (1000-3000-0001)',
  stats: [stat('Busy', 3, 'count'), stat('Charges', 12345, 'cents', 'at 7¢ a minute')],
  chart: {
    kind: 'stacked',
    caption: 'Busy by hour',
    categoryLabel: 'Hour',
    categoryFormat: 'hour',
    valueLabel: 'Calls',
    valueFormat: 'count',
    categories: [9, 10],
    series: [
      { name: 'Inbound', values: [1, 2] },
      { name: 'Outbound', values: [0, 1] },
    ],
  },
  tables: [
    {
      caption: 'Per hour',
      columns: [column('Hour', 'hour'), column('Busy', 'count'), column('Charge', 'cents'), column('Line', 'phone')],
      rows: [
        [9, 1, 250, '5735550300'],
        [10, 2, -75, '=cmd'],
      ],
      footer: ['Total', 3, 175, null],
      note: 'Only the busy hours.',
    },
  ],
};

describe('report files', () => {
  it('writes values in their format: decimals for money, 09:00 for hours, numbers as numbers', () => {
    expect(csvValue(12345, 'cents')).toBe('123.45');
    expect(csvValue(-75, 'cents')).toBe('-0.75');
    expect(csvValue(9, 'hour')).toBe('09:00');
    expect(csvValue(42, 'count')).toBe(42);
    expect(printed(12345, 'cents')).toBe('$123.45');
    expect(printed(33.25, 'percent')).toBe('33.3%');
    expect(printed('2025-03-05', 'week')).toBe('Mar 5, 2025');
    expect(printed('5735550300', 'phone')).toBe('(573)555-0300');
  });

  it('CSV: title, subject and range, totals, then each table with its head, rows, totals and note', () => {
    const lines = reportCsv(report)
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(lines).toEqual([
      'Busy Report',
      'Acme Dental Group (1000-3000-0001),2025-03-01 to 2025-03-31',
      '',
      'Busy,3,',
      'Charges,123.45,at 7¢ a minute',
      '',
      'Per hour',
      'Hour,Busy,Charge,Line',
      '09:00,1,2.50,5735550300',
      "10:00,2,-0.75,'=cmd",
      'Total,3,1.75,',
      'Only the busy hours.',
      '',
    ]);
  });

  it('file names carry the report, the owner and the range', () => {
    expect(reportFileName(report, '1000-3000-0001', 'csv')).toBe('busy-1000-3000-0001-2025-03-01-to-2025-03-31.csv');
    expect(reportFileName(report, null, 'pdf')).toBe('busy-2025-03-01-to-2025-03-31.pdf');
  });

  it('PDF: a document with the title and the table text', async () => {
    const pdf = await renderReportPdf(
      report,
      { providerName: 'Boone Valley Fiber', supportPhone: '(573) 555-0100', generatedAt: new Date('2025-04-01') },
      { compress: false },
    );
    const text = pdf.toString('latin1');
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(text).toContain('Busy Report');
  });
});
