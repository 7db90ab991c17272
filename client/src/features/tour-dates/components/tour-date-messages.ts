import { crudMessages } from "@/components/management";

/**
 * 'Tour date created successfully', 'Failed to create tour date', ... (docs/product.md,
 * "Texts and messages").
 */
export const TOUR_DATE_TOASTS = crudMessages("tour date");

export const DELETE_TOUR_DATE_CONFIRM = "Are you sure you want to delete this tour date?";
