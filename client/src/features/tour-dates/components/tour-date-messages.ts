import { crudMessages } from "@/components/management";
import { ApiError } from "@/lib/api-request";

/**
 * 'Tour date created successfully', 'Failed to create tour date', ... (docs/product.md,
 * "Texts and messages").
 */
export const TOUR_DATE_TOASTS = crudMessages("tour date");

export const DELETE_TOUR_DATE_CONFIRM = "Are you sure you want to delete this tour date?";

/**
 * 'Failed to delete tour date', and when the server refused for a reason the admin can act on
 * (409: vendor bookings still paid or held) that reason after it.
 */
export function deleteFailureText(error: unknown): string {
  const failure = TOUR_DATE_TOASTS.delete.failure;
  return error instanceof ApiError && error.status === 409 && error.serverMessage
    ? `${failure}. ${error.serverMessage}`
    : failure;
}
