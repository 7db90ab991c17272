import { useQueries } from "@tanstack/react-query";
import type { VendorSpotType } from "@shared/constants";
import type { tourDatesContract } from "@shared/tour-dates";
import { tourDatesApi } from "@shared/tour-dates.api";
import { VENDOR_SLOTS_BATCH_MAX, type VendorSlotAvailability, type VendorSlotsByShow } from "@shared/vendor-slots";
import { apiClient } from "./api-client";

const api = apiClient<typeof tourDatesContract>(tourDatesApi);

/**
 * What is left of each spot type at one show. Other vendors book meanwhile, so it is read
 * again every time a view of it mounts (the booking dialog, the show page).
 */
export function vendorSlotsQuery(tourDateId: string) {
  return { ...api.vendorSlots.query({ params: { id: tourDateId } }), staleTime: 0, refetchOnMount: "always" as const };
}

/** "3 left" or "Sold out": one spot type's availability, the same on the show page and in the booking dialog. */
export function slotRemainingText(slot: Pick<VendorSlotAvailability, "remaining" | "soldOut">): string {
  return slot.soldOut || slot.remaining <= 0 ? "Sold out" : `${slot.remaining} left`;
}

/** "Standard", "Premium", "Deluxe": a spot type where a list has little room for "Standard Spot". */
export const SPOT_SHORT_LABELS: Record<VendorSpotType, string> = {
  standard: "Standard",
  premium: "Premium",
  deluxe: "Deluxe",
};

/**
 * The live slot counts of a list's shows, in as few
 * calls as the server's limit per call allows (one for any ordinary list). Read again each
 * time the list mounts, since vendors book meanwhile. `data` is undefined until every part
 * has arrived; `isError` when one failed.
 */
export function useVendorSlotsOf(tourDateIds: readonly string[]) {
  const chunks: string[][] = [];
  for (let i = 0; i < tourDateIds.length; i += VENDOR_SLOTS_BATCH_MAX) {
    chunks.push(tourDateIds.slice(i, i + VENDOR_SLOTS_BATCH_MAX));
  }
  return useQueries({
    queries: chunks.map((ids) => ({
      ...api.vendorSlotsOf.query({ query: { ids: ids.join(",") } }),
      staleTime: 0,
      refetchOnMount: "always" as const,
    })),
    combine: (results) => ({
      data: results.every((result) => result.isSuccess)
        ? (Object.assign({}, ...results.map((result) => result.data)) as VendorSlotsByShow)
        : undefined,
      isError: results.some((result) => result.isError),
    }),
  });
}
