/**
 * Where a notice's "Open" goes: the page of what it is about, from its event and the values its words were filled
 * from (`ticket: '#12'`, `order: '#7'`, `workOrder: '41'`), in the portal the user is in. Null when there is no page
 * (an outage notice, an offer) or the portal has none for it.
 */
import type { NotificationItem, PortalType } from '@strand/domain';

/** '#12' or '12' -> 12; anything else -> null. */
function idOf(value: string | undefined): number | null {
  const match = /^#?(\d+)$/.exec(value?.trim() ?? '');
  return match ? Number(match[1]) : null;
}

const CUSTOMER: readonly PortalType[] = ['residential', 'business'];

export function subjectLink(
  item: Pick<NotificationItem, 'eventType' | 'data'>,
  portal: PortalType | null,
): string | null {
  const [area] = item.eventType.split('.');
  if (area === 'security') return '/settings';
  if (area === 'field') {
    const wo = idOf(item.data.workOrder);
    if (portal === 'installer') return wo ? `/search/${wo}` : '/search';
    if (portal === 'contractor') return wo ? `/workOrders?wo=${wo}` : '/workOrders';
    return null;
  }
  if (!portal || !CUSTOMER.includes(portal)) return null;
  switch (area) {
    case 'ticket': {
      const ticket = idOf(item.data.ticket);
      return ticket ? `/accountInfo?section=tickets&ticket=${ticket}` : '/accountInfo?section=tickets';
    }
    case 'order': {
      if (item.eventType === 'order.refunded') return '/billingCenter';
      const order = idOf(item.data.order);
      return order ? `/orders/${order}` : '/orders';
    }
    case 'invoice':
    case 'payment':
      return '/billingCenter?section=bills';
    case 'autopay':
      return '/billingCenter?section=autopay';
    case 'card':
      return '/billingCenter?section=payment-methods';
    case 'appointment':
    case 'work':
      return '/orders';
    case 'service':
      return '/services';
    case 'business_request':
      return '/accountInfo?section=business-center';
    default:
      return null;
  }
}
