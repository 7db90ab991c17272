import type { VendorSlotsByShow } from "@shared/vendor-slots";
import { EmptyList } from "@/components/management";
import { TourDateItem, type TourDateRow } from "./tour-date-item";

/**
 * Every tour date: when (the venue's clock and zone), where, the event whose tickets it sells,
 * the vendor slots booked of each type, its page, and edit and delete.
 */
export function TourDateList({
  tourDates,
  eventNames,
  slots,
  onEdit,
  onDelete,
  deletingId,
}: {
  tourDates: readonly TourDateRow[];
  /** Event names by id; undefined while they load. */
  eventNames?: ReadonlyMap<string, string>;
  /** Live slot counts by tour date; undefined while they load or when they could not be read. */
  slots?: VendorSlotsByShow;
  onEdit: (tourDate: TourDateRow) => void;
  onDelete: (tourDate: TourDateRow) => void;
  deletingId: string | null;
}) {
  if (tourDates.length === 0) {
    return <EmptyList>No tour dates scheduled yet. Click "Add Tour Date" to create one.</EmptyList>;
  }
  return (
    <ul className="grid gap-3" aria-label="Tour dates">
      {tourDates.map((tourDate) => (
        <TourDateItem
          key={tourDate.id}
          tourDate={tourDate}
          eventName={tourDate.eventId ? eventNames?.get(tourDate.eventId) : undefined}
          slots={slots?.[tourDate.id]}
          onEdit={() => onEdit(tourDate)}
          onDelete={() => onDelete(tourDate)}
          deleting={deletingId === tourDate.id}
        />
      ))}
    </ul>
  );
}
