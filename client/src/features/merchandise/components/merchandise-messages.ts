import { crudMessages } from "@/components/management";

/** SPEC.md §8: 'Merchandise item created successfully', 'Failed to create merchandise item', ... */
export const MERCHANDISE_TOASTS = crudMessages("merchandise item");

export const DELETE_MERCHANDISE_CONFIRM = "Are you sure you want to delete this merchandise item?";
