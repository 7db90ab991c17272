import type { z } from "zod";
import type { InsertTourDate, tourDateSchema } from "@shared/tour-dates";
import type { Transaction } from "../../db/database";
import { HttpError } from "../../lib/http-error";
import type { TourDatesRepository, TourDateFields, TourDateWithSlots } from "./tour-dates.repository";

const NOT_FOUND = "Tour date not found";
export const EVENT_NOT_FOUND = "Event not found";
export const STANDING_BOOKINGS_MESSAGE = "This tour date has paid or held vendor bookings. Cancel them first.";

/** A tour date as the routes answer it, before JSON (createdAt still a Date). */
type TourDateAnswer = z.input<typeof tourDateSchema>;

/**
 * Tour dates (docs/product.md, "Tour dates"): the four spec fields, the venue's time zone, the
 * event whose tickets the show sells, and the vendor slots offered per spot type.
 */
export function createTourDatesService(repository: TourDatesRepository, shows: { defaultTimeZone: string }) {
  /** As the API answers (tourDateSchema): a zone always filled in, with the slots offered. */
  function toResponse({ tourDate, vendorSlots }: TourDateWithSlots): TourDateAnswer {
    return { ...tourDate, timeZone: tourDate.timeZone ?? shows.defaultTimeZone, vendorSlots };
  }

  /** 400 for an event that does not exist; it stays until the tour date referring to it commits. */
  async function assertEvent(eventId: string | null | undefined, tx: Transaction): Promise<void> {
    if (eventId && !(await repository.lockEvent(eventId, tx))) {
      throw HttpError.badRequest(EVENT_NOT_FOUND, { eventId: [EVENT_NOT_FOUND] });
    }
  }

  return {
    async list(): Promise<TourDateAnswer[]> {
      return (await repository.list()).map(toResponse);
    },

    /** A missing time zone is the setting's; missing slot counts follow the setting. */
    async create({ vendorSlots, ...values }: InsertTourDate): Promise<TourDateAnswer> {
      const fields: TourDateFields = { ...values, timeZone: values.timeZone ?? shows.defaultTimeZone };
      return toResponse(
        await repository.transaction(async (tx) => {
          await assertEvent(fields.eventId, tx);
          return repository.create(fields, vendorSlots ?? {}, tx);
        }),
      );
    },

    /**
     * The four spec fields are replaced; the time zone, the event and each spot type's slots
     * keep their current values when left out. A capacity below the slots already taken is
     * accepted: nothing is cancelled, and no more are sold until bookings drop below it.
     */
    async update(id: string, { vendorSlots, ...values }: InsertTourDate): Promise<TourDateAnswer> {
      const row = await repository.transaction(async (tx) => {
        await assertEvent(values.eventId, tx);
        return repository.update(id, values, vendorSlots, tx);
      });
      if (!row) throw HttpError.notFound(NOT_FOUND);
      return toResponse(row);
    },

    /**
     * Refused while a booking is paid or holds a slot. The tour date's row is locked first and
     * every booking start share-locks it, so a booking cannot slip in between the check and
     * the delete.
     */
    async remove(id: string): Promise<void> {
      await repository.transaction(async (tx) => {
        if (!(await repository.lock(id, tx))) throw HttpError.notFound(NOT_FOUND);
        if ((await repository.countStandingBookings(id, tx)) > 0) throw HttpError.conflict(STANDING_BOOKINGS_MESSAGE);
        await repository.remove(id, tx);
      });
    },
  };
}
