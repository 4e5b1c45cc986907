import { describe, expect, it } from 'vitest';
import { subjectLink } from './subject-link';

const item = (eventType: string, data: Record<string, string> = {}) => ({ eventType, data });

describe('the page a notice opens', () => {
  it('opens a customer’s ticket, order and bills', () => {
    expect(subjectLink(item('ticket.opened', { ticket: '#12' }), 'residential')).toBe(
      '/accountInfo?section=tickets&ticket=12',
    );
    expect(subjectLink(item('order.placed', { order: '#7' }), 'business')).toBe('/orders/7');
    expect(subjectLink(item('order.refunded', { order: '#7' }), 'business')).toBe('/billingCenter');
    expect(subjectLink(item('invoice.ready'), 'residential')).toBe('/billingCenter?section=bills');
    expect(subjectLink(item('autopay.failed'), 'residential')).toBe('/billingCenter?section=autopay');
    expect(subjectLink(item('appointment.moved'), 'residential')).toBe('/orders');
  });

  it('opens the work order in the installer’s and the contractor’s portal', () => {
    expect(subjectLink(item('field.work_order_assigned', { workOrder: '41' }), 'installer')).toBe('/search/41');
    expect(subjectLink(item('field.work_order_moved', { workOrder: '41' }), 'contractor')).toBe('/workOrders?wo=41');
    expect(subjectLink(item('field.work_order_moved'), 'contractor')).toBe('/workOrders');
  });

  it('sends security notices to Settings and has no page for a notice or a malformed id', () => {
    expect(subjectLink(item('security.new_device'), 'installer')).toBe('/settings');
    expect(subjectLink(item('notice.outage'), 'residential')).toBeNull();
    expect(subjectLink(item('marketing.offer'), 'residential')).toBeNull();
    expect(subjectLink(item('ticket.updated', { ticket: 'x' }), 'residential')).toBe('/accountInfo?section=tickets');
    expect(subjectLink(item('order.placed', { order: '#7' }), 'staff')).toBeNull();
  });
});
