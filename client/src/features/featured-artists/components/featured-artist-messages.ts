import { crudMessages } from "@/components/management";

/** The management toasts' wording: 'Featured artist created successfully', ... */
export const FEATURED_ARTIST_TOASTS = crudMessages("featured artist");

export const DELETE_FEATURED_ARTIST_CONFIRM = "Are you sure you want to delete this featured artist?";
