import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { insertTourDateSchema } from "@shared/tour-dates";
import { TextField } from "@/components/form-fields/text-field";
import { EditorDialog, EditorFooter, useSave, type EditorDialogProps } from "@/components/management";
import { DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Form } from "@/components/ui/form";
import { browserTimeZone } from "@/lib/time-zones";
import { useCreateTourDate, useUpdateTourDate } from "../api";
import { ShowFields } from "./show-fields";
import type { TourDateRow } from "./tour-date-item";
import { TOUR_DATE_TOASTS } from "./tour-date-messages";

/** Create mode, or edit mode pre-filled with the chosen row. */
export function TourDateDialog(props: EditorDialogProps<TourDateRow>) {
  return (
    <EditorDialog {...props} className="max-w-2xl">
      {(tourDate, close) => <TourDateForm tourDate={tourDate} onDone={close} />}
    </EditorDialog>
  );
}

function TourDateForm({ tourDate, onDone }: { tourDate: TourDateRow | null; onDone: () => void }) {
  // The server validates with this same schema ('Required' for each empty field). A new
  // date starts in this browser's zone: an admin mostly books near where they are.
  const form = useForm({
    resolver: zodResolver(insertTourDateSchema),
    defaultValues: {
      artistName: tourDate?.artistName ?? "",
      date: tourDate?.date ?? "",
      time: tourDate?.time ?? "",
      location: tourDate?.location ?? "",
      timeZone: tourDate?.timeZone ?? browserTimeZone(),
      eventId: tourDate?.eventId ?? null,
      vendorSlots: tourDate?.vendorSlots ?? { standard: null, premium: null, deluxe: null },
    },
  });
  const { control } = form;
  // A 400's field messages (an event that no longer exists) appear beside the fields.
  const { save, pending } = useSave(
    { create: useCreateTourDate(), update: useUpdateTourDate() },
    tourDate,
    TOUR_DATE_TOASTS,
    onDone,
    form,
  );

  return (
    <>
      <DialogHeader>
        <DialogTitle>{tourDate ? "Edit Tour Date" : "Add Tour Date"}</DialogTitle>
        <DialogDescription>
          {tourDate ? "Change the details of this tour date." : "Schedule a new show for one of your artists."}
        </DialogDescription>
      </DialogHeader>
      <Form {...form}>
        <form onSubmit={form.handleSubmit(save)} noValidate className="grid gap-4 sm:grid-cols-2">
          <TextField control={control} name="artistName" label="Artist Name" className="sm:col-span-2" />
          <TextField control={control} name="date" label="Date" type="date" />
          <TextField control={control} name="time" label="Time" type="time" />
          <TextField control={control} name="location" label="Location" className="sm:col-span-2" />
          <ShowFields control={control} linkedEventId={tourDate?.eventId} />
          <div className="sm:col-span-2">
            <EditorFooter onCancel={onDone} pending={pending} submitLabel={tourDate ? "Update" : "Create"} />
          </div>
        </form>
      </Form>
    </>
  );
}
