import { describe, expect, it } from 'vitest';
import { pdfText as pageText } from './pdf-text.js';
import { renderWorkOrderPdf, type WorkOrderPdfData } from './work-order-pdf.js';

const base: WorkOrderPdfData = {
  workOrderId: 100001,
  type: 'Consumer Fiber Install',
  status: 'Open',
  customer: { id: '1000-2000-0001', name: 'Rhonda Reyes', status: 'Active' },
  serviceAddress: '101 Elm St, Columbia, MO 65201',
  latitude: 38.951,
  longitude: -92.334,
  assignedTo: ['Ian Ingram'],
  contacts: [{ name: 'Rhonda Reyes', category: 'Primary', phone: '5735550101', email: 'rhonda@example.com' }],
  notes: [{ author: 'Dispatch', createdAt: '2025-01-02 10:00', body: 'Dog in the yard.' }],
  sections: [
    {
      heading: 'Checklist',
      rows: [
        ['Drop Type', 'Aerial'],
        ['Empty', null],
      ],
    },
  ],
  generatedAt: new Date('2025-01-02T12:00:00Z'),
};

describe('renderWorkOrderPdf', () => {
  it('makes a PDF with the work order, customer, contacts, sections and notes', async () => {
    const pdf = await renderWorkOrderPdf(base);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.subarray(-6).toString()).toContain('%%EOF');
    const text = pageText(pdf);
    for (const expected of ['Work Order #100001', 'Consumer Fiber Install', 'Rhonda Reyes', '1000-2000-0001']) {
      expect(text).toContain(expected);
    }
    expect(text).toContain('Ian Ingram');
    expect(text).toContain('rhonda@example.com');
    expect(text).toContain('Aerial');
    expect(text).toContain('Dog in the yard.');
    expect(text).not.toContain('Empty');
  });

  it('gives the same bytes for the same data', async () => {
    const a = await renderWorkOrderPdf(base);
    const b = await renderWorkOrderPdf(base);
    expect(a.equals(b)).toBe(true);
  });

  it('prints the empty states and flows onto more pages for long notes', async () => {
    const empty = pageText(await renderWorkOrderPdf({ ...base, contacts: [], notes: [], assignedTo: [] }));
    expect(empty).toContain('No Contacts');
    expect(empty).toContain('No notes available for this work order');
    expect(empty).toContain('Nobody');

    const many = Array.from({ length: 80 }, (_, i) => ({ author: 'A', createdAt: 'now', body: `Note number ${i}` }));
    const long = await renderWorkOrderPdf({ ...base, notes: many });
    const pages = long.toString('latin1').match(/\/Type \/Page\b/g) ?? [];
    expect(pages.length).toBeGreaterThan(1);
    expect(pageText(long)).toContain(`of ${pages.length}`);
  });
});
