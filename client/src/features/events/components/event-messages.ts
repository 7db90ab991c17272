import { crudMessages } from "@/components/management";

/** The management toasts' wording: 'Event created successfully', 'Failed to create event', ... */
export const EVENT_TOASTS = crudMessages("event");

export const DELETE_EVENT_CONFIRM =
  "Are you sure you want to delete this event? An event with ticket orders cannot be deleted: cancel it instead.";
