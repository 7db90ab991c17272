import { useQuery } from "@tanstack/react-query";
import { ManagementPage, QueryState, useEditor } from "@/components/management";
import { toast } from "@/hooks/use-toast";
import { useVendorSlotsOf } from "@/lib/vendor-slots";
import { linkableEventsQuery, tourDatesQuery, useDeleteTourDate } from "@/features/tour-dates/api";
import { TourDateDialog } from "@/features/tour-dates/components/tour-date-dialog";
import type { TourDateRow } from "@/features/tour-dates/components/tour-date-item";
import { TourDateList } from "@/features/tour-dates/components/tour-date-list";
import {
  DELETE_TOUR_DATE_CONFIRM,
  TOUR_DATE_TOASTS,
  deleteFailureText,
} from "@/features/tour-dates/components/tour-date-messages";

/** /tour-dates, inside the dashboard layout; administrators only. */
export function TourDatesPage() {
  const editor = useEditor<TourDateRow>();
  return (
    <ManagementPage
      title="Tour Dates Management"
      description="Schedule and manage your artists' tour dates"
      addLabel="Add Tour Date"
      onAdd={() => editor.edit(null)}
    >
      <TourDates onEdit={editor.edit} />
      <TourDateDialog {...editor.dialogProps} />
    </ManagementPage>
  );
}

function TourDates({ onEdit }: { onEdit: (tourDate: TourDateRow) => void }) {
  const query = useQuery(tourDatesQuery);
  // The linked events' names and the live slot counts, each in one call for the whole list.
  const events = useQuery(linkableEventsQuery);
  const eventNames = events.data && new Map(events.data.map((event) => [event.id, event.name]));
  const slots = useVendorSlotsOf(query.data?.map((tourDate) => tourDate.id) ?? []);
  const remove = useDeleteTourDate();
  function confirmDelete(tourDate: TourDateRow) {
    if (!window.confirm(DELETE_TOUR_DATE_CONFIRM)) return;
    // Its own toast (useDeleteTourDate keeps ownErrorToast): the product's text comes first and
    // the server's reason, when there is one to act on, after it.
    remove.mutate(tourDate.id, {
      onSuccess: () => toast({ title: "Success", description: TOUR_DATE_TOASTS.delete.success }),
      onError: (error) => toast({ title: "Error", description: deleteFailureText(error), variant: "destructive" }),
    });
  }
  return (
    <QueryState query={query} what="tour dates">
      {(tourDates) => (
        <TourDateList
          tourDates={tourDates}
          eventNames={eventNames}
          slots={slots.data}
          onEdit={onEdit}
          onDelete={confirmDelete}
          deletingId={remove.isPending ? (remove.variables ?? null) : null}
        />
      )}
    </QueryState>
  );
}
