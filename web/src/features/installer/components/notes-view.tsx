import { formatDateTime } from '../../../lib/format';
import { EmptyState } from '../../../lib/ui/empty-state';
import { useNotes } from '../api/work-order';
import { useWorkOrderContext } from './work-order-layout';
import { QueryState, WorkOrderView } from './work-order-view';

/** /search/{WOId}/notes: the work order's notes, newest first. */
export function NotesView() {
  const { workOrder } = useWorkOrderContext();
  const notes = useNotes(workOrder.WorkOrderID);
  return (
    <WorkOrderView title="Notes">
      <QueryState isPending={notes.isPending} error={notes.error} what="the notes" />
      {notes.data?.length === 0 && <EmptyState>No notes available for this work order</EmptyState>}
      {notes.data && notes.data.length > 0 && (
        <ul className="wo-cards">
          {notes.data.map((note) => (
            <li key={note.nNoteID} className="card wo-card">
              <p className="muted">
                {note.vcAuthor} · <time dateTime={note.dtCreated}>{formatDateTime(note.dtCreated)}</time>
              </p>
              <p className="wo-note-body">{note.txtNote}</p>
            </li>
          ))}
        </ul>
      )}
    </WorkOrderView>
  );
}
