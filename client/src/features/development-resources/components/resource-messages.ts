import { crudMessages } from "@/components/management";

/** The management toasts' wording: 'Development resource created successfully', ... */
export const RESOURCE_TOASTS = crudMessages("development resource");

export const DELETE_RESOURCE_CONFIRM = "Are you sure you want to delete this development resource?";
