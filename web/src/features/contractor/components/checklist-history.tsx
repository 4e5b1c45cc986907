import { CHECKLIST_FIELDS, type ChecklistFamily, type ChecklistValue, formatChecklistValue } from '@strand/domain';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { Skeleton } from '../../../lib/ui/skeleton';
import { useChecklistHistory } from '../api/checklist';
import { formatDateTime } from '../format';

export interface ChecklistHistoryProps {
  workOrderId: number;
  family: ChecklistFamily;
  count: number;
}

const TIMESTAMPS = new Set(['tsArrivalOnsite', 'tsWorkComplete']);

function shown(family: ChecklistFamily, field: string, value: ChecklistValue): string {
  if (value === null || value === '') return '(empty)';
  if (TIMESTAMPS.has(field)) return formatDateTime(String(value));
  return (
    formatChecklistValue(
      CHECKLIST_FIELDS[family].find((f) => f.name === field),
      value,
    ) || String(value)
  );
}

/** Who saved the checklist, when, and what changed; loaded when opened. */
export function ChecklistHistory({ workOrderId, family, count }: ChecklistHistoryProps) {
  const [open, setOpen] = useState(false);
  const history = useChecklistHistory(workOrderId, open);
  return (
    <details className="history" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>Save history ({count})</summary>
      {history.isPending && open && <Skeleton label="Loading…" />}
      {history.isError && <p role="alert">{errorMessage(history.error)}</p>}
      {history.data && history.data.length === 0 && <p className="muted">Not saved yet.</p>}
      {history.data && history.data.length > 0 && (
        <ol className="history__list">
          {history.data.map((h) => (
            <li key={h.nHistoryID}>
              <p className="history__who">
                {formatDateTime(h.dtSaved)} · {h.vcUserName}
                {h.completed && <span className="tag tag--done">Completed the work order</span>}
              </p>
              {h.changes.length === 0 && h.oneTime.length === 0 && <p className="muted">No changes.</p>}
              {h.changes.length > 0 && (
                <ul>
                  {h.changes.map((c) => (
                    <li key={c.field}>
                      {c.label}: {shown(family, c.field, c.from)} → {shown(family, c.field, c.to)}
                    </li>
                  ))}
                </ul>
              )}
              {h.oneTime.length > 0 && <p>One-time: {h.oneTime.join(', ')}</p>}
            </li>
          ))}
        </ol>
      )}
    </details>
  );
}
