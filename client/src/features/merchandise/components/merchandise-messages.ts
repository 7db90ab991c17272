import { crudMessages } from "@/components/management";

/**
 * 'Merchandise item created successfully', 'Failed to create merchandise item', ...
 * (docs/product.md, "Texts and messages").
 */
export const MERCHANDISE_TOASTS = crudMessages("merchandise item");

export const DELETE_MERCHANDISE_CONFIRM = "Are you sure you want to delete this merchandise item?";
