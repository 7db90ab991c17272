import { useQuery } from "@tanstack/react-query";
import type { EventResponse } from "@shared/events";
import { ManagementPage, QueryState, useConfirmDelete, useEditor } from "@/components/management";
import { eventsQuery, useDeleteEvent } from "@/features/events/api";
import { EventAdminList } from "@/features/events/components/event-admin-list";
import { EventDialog } from "@/features/events/components/event-dialog";
import { DELETE_EVENT_CONFIRM, EVENT_TOASTS } from "@/features/events/components/event-messages";

/** /admin/events: the events members buy tickets for. */
export function AdminEventsPage() {
  const editor = useEditor<EventResponse>();
  return (
    <ManagementPage
      title="Manage Events"
      description="Create and manage the events members buy tickets for"
      addLabel="Add Event"
      onAdd={() => editor.edit(null)}
    >
      <Events onEdit={editor.edit} />
      <EventDialog {...editor.dialogProps} />
    </ManagementPage>
  );
}

function Events({ onEdit }: { onEdit: (event: EventResponse) => void }) {
  const query = useQuery(eventsQuery);
  const { confirmDelete, deletingId } = useConfirmDelete(useDeleteEvent(), DELETE_EVENT_CONFIRM, EVENT_TOASTS);
  return (
    <QueryState query={query} what="events">
      {(events) => <EventAdminList events={events} onEdit={onEdit} onDelete={confirmDelete} deletingId={deletingId} />}
    </QueryState>
  );
}
