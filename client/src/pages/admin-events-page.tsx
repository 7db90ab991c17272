import { useQuery } from "@tanstack/react-query";
import type { Event } from "@shared/events";
import { ManagementPage, QueryState, useEditor } from "@/components/management";
import { toast } from "@/hooks/use-toast";
import { checkInSummariesQuery } from "@/features/check-ins/api";
import { EventCheckInLine } from "@/features/check-ins/components/check-in-count";
import { eventsQuery, useDeleteEvent } from "@/features/events/api";
import { EventAdminList } from "@/features/events/components/event-admin-list";
import { EventDialog } from "@/features/events/components/event-dialog";
import { DELETE_EVENT_CONFIRM, EVENT_TOASTS } from "@/features/events/components/event-messages";
import { EventOrdersPanel } from "@/features/tickets/components/event-orders-panel";

/** /admin/events: the events members buy tickets for, with their ticket orders. */
export function AdminEventsPage() {
  const editor = useEditor<Event>();
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

function Events({ onEdit }: { onEdit: (event: Event) => void }) {
  const query = useQuery(eventsQuery);
  const remove = useDeleteEvent();
  // The query client shows the server's reason: an event with ticket orders must be cancelled, not deleted.
  function confirmDelete(event: Event) {
    if (!window.confirm(DELETE_EVENT_CONFIRM)) return;
    remove.mutate(event.id, {
      onSuccess: () => toast({ title: "Success", description: EVENT_TOASTS.delete.success }),
    });
  }
  // The door's counts for every event in one call, kept live while the list is open.
  const checkIns = useQuery(checkInSummariesQuery);
  const summaries = new Map(checkIns.data?.map((summary) => [summary.eventId, summary]));
  return (
    <QueryState query={query} what="events">
      {(events) => (
        <EventAdminList
          events={events}
          onEdit={onEdit}
          onDelete={confirmDelete}
          deletingId={remove.isPending ? (remove.variables ?? null) : null}
          details={(event) => (
            <EventCheckInLine eventId={event.id} eventName={event.name} summary={summaries.get(event.id)} />
          )}
          orders={(event) => <EventOrdersPanel event={event} />}
        />
      )}
    </QueryState>
  );
}
