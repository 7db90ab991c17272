import type {
  DevelopmentResourceRow,
  InsertDevelopmentResource,
  ResourceCategory,
  UpdateDevelopmentResource,
} from "@shared/development-resources";
import { HttpError } from "../../lib/http-error";
import type { DevelopmentResourcesRepository } from "./development-resources.repository";

const notFound = () => HttpError.notFound("Development resource not found");

export function createDevelopmentResourcesService(repository: DevelopmentResourcesRepository) {
  return {
    /** docs/product.md "Artist development": members only ever see published resources. */
    listPublished: (category?: ResourceCategory) => repository.listPublished(category),
    listAll: () => repository.listAll(),
    create: (values: InsertDevelopmentResource) => repository.create(values),

    async update(id: string, values: UpdateDevelopmentResource): Promise<DevelopmentResourceRow> {
      const row = await repository.update(id, values);
      if (!row) throw notFound();
      return row;
    },

    async remove(id: string): Promise<void> {
      if (!(await repository.remove(id))) throw notFound();
    },
  };
}
