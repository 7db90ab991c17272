import type { FeaturedArtistRow, InsertFeaturedArtist, UpdateFeaturedArtist } from "@shared/featured-artists";
import { HttpError } from "../../lib/http-error";
import type { FeaturedArtistsRepository } from "./featured-artists.repository";

const NOT_FOUND = "Featured artist not found";

/** At most one artist is active (the landing's Artist of the Month); the repository keeps that. */
export function createFeaturedArtistsService(repository: FeaturedArtistsRepository) {
  return {
    list: () => repository.list(),
    /** null, not an error, when none is active: the landing simply hides the section. */
    findActive: () => repository.findActive(),
    create: (values: InsertFeaturedArtist) => repository.create(values),

    async update(id: string, values: UpdateFeaturedArtist): Promise<FeaturedArtistRow> {
      const row = await repository.update(id, values);
      if (!row) throw HttpError.notFound(NOT_FOUND);
      return row;
    },

    async remove(id: string): Promise<void> {
      if (!(await repository.remove(id))) throw HttpError.notFound(NOT_FOUND);
    },
  };
}
