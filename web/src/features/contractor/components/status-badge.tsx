export interface StatusBadgeProps {
  status: string;
  complete: boolean;
}

/** The work order's status; colour follows completeness so the map, lists and details agree. */
export function StatusBadge({ status, complete }: StatusBadgeProps) {
  const tone = complete ? 'done' : status === 'In Progress' ? 'progress' : 'open';
  return <span className={`status-badge status-badge--${tone}`}>{status}</span>;
}
