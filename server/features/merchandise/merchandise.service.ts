import type { InsertMerchandise, MerchandiseRow, UpdateMerchandise } from "@shared/merchandise";
import { HttpError } from "../../lib/http-error";
import type { MerchandiseRepository } from "./merchandise.repository";

const NOT_FOUND = "Merchandise item not found";

export function createMerchandiseService(repository: MerchandiseRepository) {
  return {
    /** The landing page's grid: only items marked available (isAvailable = 1). */
    listAvailable: () => repository.listAvailable(),
    listAll: () => repository.listAll(),
    create: (values: InsertMerchandise) => repository.create(values),

    async update(id: string, values: UpdateMerchandise): Promise<MerchandiseRow> {
      const row = await repository.update(id, values);
      if (!row) throw HttpError.notFound(NOT_FOUND);
      return row;
    },

    async remove(id: string): Promise<void> {
      if (!(await repository.remove(id))) throw HttpError.notFound(NOT_FOUND);
    },
  };
}
