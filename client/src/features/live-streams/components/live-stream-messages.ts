import { crudMessages } from "@/components/management";

/** The management toasts' wording: 'Live stream created successfully', ... */
export const LIVE_STREAM_TOASTS = crudMessages("live stream");

export const DELETE_LIVE_STREAM_CONFIRM = "Are you sure you want to delete this live stream?";
