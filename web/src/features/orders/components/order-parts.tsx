import { ORDER_STATUS_LABELS, type OrderStatus } from '@strand/domain';

const TONE: Record<OrderStatus, string> = {
  placed: 'info',
  survey_done: 'info',
  drop_built: 'info',
  spliced: 'info',
  installed: 'success',
  cancelled: 'neutral',
};

/** An order's status in words, coloured by how far it is. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <span className={`status status--${TONE[status]}`}>{ORDER_STATUS_LABELS[status]}</span>;
}
