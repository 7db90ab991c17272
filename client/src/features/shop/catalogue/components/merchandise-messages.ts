import { crudMessages } from "@/components/management";

/**
 * 'Merchandise item created successfully', 'Failed to create merchandise item', ...
 * (docs/product.md, "Texts and messages").
 */
export const MERCHANDISE_TOASTS = crudMessages("merchandise item");

export const DELETE_MERCHANDISE_CONFIRM = "Are you sure you want to delete this merchandise item?";

/** Under an edited stock: the save adds or takes the difference, so sales made meanwhile are kept. */
export const STOCK_AS_CHANGE = "Saved as a change to the stock, so sales made meanwhile stay sold";
