import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import {
  DEFAULT_MAX_PER_ORDER,
  EVENT_STATUSES,
  MAX_PER_ORDER_LIMIT,
  insertEventSchema,
  type Event,
  type InsertEvent,
} from "@shared/events";
import { CountField } from "@/components/form-fields/count-field";
import { SelectField } from "@/components/form-fields/select-field";
import { TextAreaField } from "@/components/form-fields/text-area-field";
import { TextField } from "@/components/form-fields/text-field";
import { TimeZoneField } from "@/components/form-fields/time-zone-field";
import { statusLabel } from "@/components/status-badge";
import { EditorDialog, EditorFooter, type EditorDialogProps } from "@/components/management";
import { DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Form } from "@/components/ui/form";
import { toast } from "@/hooks/use-toast";
import { showFieldErrors } from "@/lib/form-errors";
import { browserTimeZone } from "@/lib/time-zones";
import { useCreateEvent, useUpdateEvent } from "../api";
import { EVENT_TOASTS } from "./event-messages";

type TextName = "name" | "artist" | "venue" | "date" | "time" | "imageUrl" | "ticketPrice";

const TEXT_FIELDS: { name: TextName; label: string; type?: string; placeholder?: string; inputMode?: "decimal" }[] = [
  { name: "name", label: "Event Name" },
  { name: "artist", label: "Artist" },
  { name: "venue", label: "Venue" },
  { name: "date", label: "Date", type: "date" },
  { name: "time", label: "Time", type: "time" },
  { name: "imageUrl", label: "Image URL (optional)", placeholder: "https://" },
  { name: "ticketPrice", label: "Ticket Price ($)", inputMode: "decimal", placeholder: "0.00" },
];

const STATUS_OPTIONS = EVENT_STATUSES.map((status) => ({ value: status, label: statusLabel(status) }));

export function EventDialog(props: EditorDialogProps<Event>) {
  return (
    <EditorDialog {...props} className="max-w-2xl">
      {(event, close) => <EventForm event={event} onDone={close} />}
    </EditorDialog>
  );
}

function EventForm({ event, onDone }: { event: Event | null; onDone: () => void }) {
  const create = useCreateEvent();
  const update = useUpdateEvent();
  const form = useForm({
    resolver: zodResolver(insertEventSchema),
    defaultValues: {
      name: event?.name ?? "",
      artist: event?.artist ?? "",
      venue: event?.venue ?? "",
      date: event?.date ?? "",
      time: event?.time ?? "",
      description: event?.description ?? "",
      imageUrl: event?.imageUrl ?? "",
      totalTickets: event?.totalTickets ?? 100,
      ticketPrice: event?.ticketPrice ?? "",
      status: (event?.status ?? "upcoming") as InsertEvent["status"],
      maxPerOrder: event?.maxPerOrder ?? DEFAULT_MAX_PER_ORDER,
      // The date and time are the venue's clock; a new event starts in this browser's zone.
      timeZone: event?.timeZone ?? browserTimeZone(),
    },
  });
  const sold = event ? event.totalTickets - event.availableTickets : 0;

  // Unlike the generic management save, failures show the server's reason (the query client's
  // toast): a total below the tickets already sold is refused with a message the admin needs to read.
  function save(values: InsertEvent) {
    const action = event ? "update" : "create";
    const callbacks = {
      onSuccess: () => {
        toast({ title: "Success", description: EVENT_TOASTS[action].success });
        onDone();
      },
      onError: (error: Error) => showFieldErrors(form, error),
    };
    if (event) update.mutate({ id: event.id, data: values }, callbacks);
    else create.mutate(values, callbacks);
  }

  return (
    <>
      <DialogHeader>
        <DialogTitle>{event ? "Edit Event" : "Add Event"}</DialogTitle>
        <DialogDescription>Events appear on the Event Tickets page for members to buy.</DialogDescription>
      </DialogHeader>
      <Form {...form}>
        {/* items-start: a field beside one with a longer hint keeps its label and box at the
            top of the row instead of being stretched apart (Total Tickets and Tickets per order). */}
        <form onSubmit={form.handleSubmit(save)} noValidate className="grid items-start gap-4 sm:grid-cols-2">
          {TEXT_FIELDS.map(({ name, label, ...inputProps }) => (
            <TextField key={name} control={form.control} name={name} label={label} {...inputProps} />
          ))}
          <TimeZoneField
            control={form.control}
            name="timeZone"
            label="Time Zone"
            description="The venue's time zone: the date and time are its local time."
            className="sm:col-span-2"
          />
          <CountField
            control={form.control}
            name="totalTickets"
            label="Total Tickets"
            min={sold}
            empty={Number.NaN}
            description={
              event &&
              `${sold} sold, ${event.availableTickets} available. Changing the total changes the available tickets by the same amount.`
            }
          />
          <CountField
            control={form.control}
            name="maxPerOrder"
            label="Tickets per order (max)"
            min={1}
            max={MAX_PER_ORDER_LIMIT}
            empty={Number.NaN}
            description={`The most tickets one member can buy at once, 1 to ${MAX_PER_ORDER_LIMIT}.`}
          />
          <SelectField control={form.control} name="status" label="Status" options={STATUS_OPTIONS} />
          <TextAreaField
            control={form.control}
            name="description"
            label="Description (optional)"
            className="sm:col-span-2"
          />
          <div className="sm:col-span-2">
            <EditorFooter
              onCancel={onDone}
              pending={create.isPending || update.isPending}
              submitLabel={event ? "Update" : "Create"}
            />
          </div>
        </form>
      </Form>
    </>
  );
}
