import { tourDatesApi } from "@shared/tour-dates.api";
import { tourDatesContract } from "@shared/tour-dates";
import type { VendorSlotAvailability, VendorSlotsByShow } from "@shared/vendor-slots";
import type { AppContext } from "../../context";
import { contractRouter, listWrites, fromCache, underApi } from "../../lib/contract-router";
import type { ReadCaches } from "../../lib/read-caches";
import { createTourDatesRepository } from "./tour-dates.repository";
import { createTourDatesService } from "./tour-dates.service";
import type { RouteSets } from "../../lib/route-sets";

/** The routes app.ts treats specially (lib/route-sets.ts), declared beside the routes. */
export const tourDatesRouteSets: RouteSets = {
  publicReads: [tourDatesApi.list.path, tourDatesApi.vendorSlotsOf.path].map(underApi),
};

/** A show's live vendor slots, which the vendor-bookings feature keeps (handed over by features/index.ts). */
export interface VendorSlotsReader {
  /** 404 when the tour date does not exist. */
  availability(tourDateId: string): Promise<VendorSlotAvailability[]>;
  /** Unknown ids are simply absent. */
  availabilityOf(tourDateIds: string[]): Promise<VendorSlotsByShow>;
}

/** docs/product.md "API": the list is public (landing, vendor booking); writes are for administrators. */
export function createTourDatesRouter(
  { db, config }: AppContext,
  readCaches: ReadCaches,
  vendorSlots: VendorSlotsReader,
) {
  const service = createTourDatesService(createTourDatesRepository(db), config.shows);
  // Every landing visit reads this list; see lib/read-cache.ts. It also shows each date's slot
  // capacities (tour_date_vendor_slots), which change only together with a write of the tour
  // date's own row, so "tour_dates" announces them too; bookings (which change `taken` all the
  // time) leave the list alone.
  const listCache = readCaches.publicList("tour-dates", ["tour_dates"]);

  return contractRouter(tourDatesContract, {
    list: fromCache(listCache, () => service.list()),
    ...listWrites(service, () => listCache.invalidate()),
    // What is left of each spot type at the shows of a list (the vendor page's cards, the tour
    // dates list), in one query instead of one call per show; live, so no cache keeps it.
    vendorSlotsOf: async ({ query, res }) => {
      const slots = await vendorSlots.availabilityOf(query.ids);
      res.setHeader("Cache-Control", "no-store");
      return { status: 200, body: slots };
    },
    // The same for one show: the booking dialog and the show page read it.
    vendorSlots: async ({ params, res }) => {
      const slots = await vendorSlots.availability(params.id);
      res.setHeader("Cache-Control", "no-store");
      return { status: 200, body: slots };
    },
  });
}
