import type { InsertTourDate, TourDate } from "@shared/tour-dates";
import { HttpError } from "../../lib/http-error";
import type { TourDatesRepository } from "./tour-dates.repository";

const NOT_FOUND = "Tour date not found";

export function createTourDatesService(repository: TourDatesRepository) {
  return {
    list: () => repository.list(),

    create: (values: InsertTourDate) => repository.create(values),

    async update(id: string, values: InsertTourDate): Promise<TourDate> {
      const row = await repository.update(id, values);
      if (!row) throw HttpError.notFound(NOT_FOUND);
      return row;
    },

    async remove(id: string): Promise<void> {
      if (!(await repository.remove(id))) throw HttpError.notFound(NOT_FOUND);
    },
  };
}
