import {
  PAYEE_NOT_FOUND,
  RELEASE_NOT_FOUND,
  TRACK_NOT_FOUND,
  type AdvanceInput,
  type PayeeInput,
  type ReleaseInput,
  type SplitsInput,
} from "@shared/royalty-catalogue";
import { HttpError } from "../../lib/http-error";
import { isForeignKeyViolation, isUniqueViolation } from "../../lib/pg-errors";
import type { PayeesRepository } from "./payees.repository";
import type { CodeConflict, RoyaltyCatalogueRepository, TrackInUse } from "./royalty-catalogue.repository";

/** The 409 for a UPC or an ISRC another release holds, with the field it belongs to. */
function conflictError(conflict: CodeConflict, input: ReleaseInput): HttpError {
  if (conflict.kind === "upc") {
    const message = `UPC ${conflict.upc} is already used by ${conflict.releaseTitle}`;
    return new HttpError(409, message, { upc: [message] });
  }
  const message = `ISRC ${conflict.isrc} is already on ${conflict.trackTitle}`;
  const index = input.tracks.findIndex((track) => track.isrc === conflict.isrc);
  return new HttpError(409, message, index >= 0 ? { [`tracks.${index}.isrc`]: [message] } : undefined);
}

function inUseMessage(track: TrackInUse): string {
  const reasons = [track.splits && "splits", track.lines && "royalty lines", track.code && "an assigned code"].filter(
    Boolean,
  );
  return `${track.title} has ${reasons.join(" and ")}, so it cannot be removed`;
}

/** The catalogue's rules: what is found, what is taken, what must stay. */
export function createRoyaltyCatalogueService(
  repository: RoyaltyCatalogueRepository,
  payeeRepository: PayeesRepository,
) {
  async function releaseOr404(id: string) {
    const release = await repository.release(id);
    if (!release) throw HttpError.notFound(RELEASE_NOT_FOUND);
    return release;
  }

  async function payeeOr404(id: string) {
    const payee = await payeeRepository.payee(id);
    if (!payee) throw HttpError.notFound(PAYEE_NOT_FOUND);
    return payee;
  }

  /**
   * The unique indexes are the last guard: a release saved at the same moment with the same
   * code passes the check above and fails here. The code is then looked up again to name it.
   */
  async function guardCodes<T>(input: ReleaseInput, releaseId: string | undefined, write: () => Promise<T>) {
    try {
      return await write();
    } catch (error) {
      if (!isUniqueViolation(error, "releases_upc_idx") && !isUniqueViolation(error, "tracks_isrc_idx")) throw error;
      const conflict = await repository.codeConflict(
        input.upc,
        input.tracks.map((track) => track.isrc),
        releaseId,
      );
      throw conflict
        ? conflictError(conflict, input)
        : HttpError.conflict("Two tracks of this release swap ISRCs; save the change in two steps");
    }
  }

  function unknownPayees(ids: string[]) {
    const message = ids.length === 1 ? `No payee has the id ${ids[0]}` : `No payees have the ids ${ids.join(", ")}`;
    return HttpError.badRequest(message, { splits: [message] });
  }

  return {
    listReleases: (q?: string) => repository.listReleases(q),
    getRelease: releaseOr404,

    async createRelease(input: ReleaseInput) {
      const created = await guardCodes(input, undefined, () => repository.createRelease(input));
      if ("conflict" in created) throw conflictError(created.conflict, input);
      return releaseOr404(created.id);
    },

    async updateRelease(id: string, input: ReleaseInput) {
      let outcome;
      try {
        outcome = await guardCodes(input, id, () => repository.updateRelease(id, input));
      } catch (error) {
        // A split or an assignment made for a removed track in the same instant: the foreign key refuses the delete.
        if (
          isForeignKeyViolation(error, "royalty_splits_track_id_tracks_id_fk") ||
          isForeignKeyViolation(error, "royalty_code_assignments_track_id_tracks_id_fk")
        )
          throw HttpError.conflict("A track left out has just been given splits or a code; reload and try again");
        throw error;
      }
      switch (outcome.status) {
        case "not-found":
          throw HttpError.notFound(RELEASE_NOT_FOUND);
        case "unknown-tracks": {
          const message = "This track is not on this release";
          throw HttpError.badRequest(
            message,
            Object.fromEntries(outcome.indexes.map((index) => [`tracks.${index}.id`, [message]])),
          );
        }
        case "conflict":
          throw conflictError(outcome.conflict, input);
        case "in-use":
          throw HttpError.conflict(outcome.tracks.map(inUseMessage).join("; "));
      }
      return releaseOr404(id);
    },

    async splits(releaseId: string) {
      const splits = await repository.splits(releaseId);
      if (!splits) throw HttpError.notFound(RELEASE_NOT_FOUND);
      return splits;
    },

    async setReleaseSplits(releaseId: string, input: SplitsInput) {
      const result = await repository.setReleaseSplits(releaseId, input);
      if (result === "not-found") throw HttpError.notFound(RELEASE_NOT_FOUND);
      if (result.length > 0) throw unknownPayees(result);
      return (await repository.splits(releaseId))!;
    },

    async setTrackSplits(trackId: string, input: SplitsInput) {
      const result = await repository.setTrackSplits(trackId, input);
      if (result === "not-found") throw HttpError.notFound(TRACK_NOT_FOUND);
      if (result.length > 0) throw unknownPayees(result);
      const releaseId = await repository.trackReleaseId(trackId);
      const splits = releaseId && (await repository.splits(releaseId));
      if (!splits) throw HttpError.notFound(TRACK_NOT_FOUND);
      return splits;
    },

    listPayees: (q?: string) => payeeRepository.listPayees(q),
    createPayee: (input: PayeeInput) => payeeRepository.createPayee(input),

    async getPayee(id: string) {
      const payee = await payeeOr404(id);
      const [advances, splits] = await Promise.all([payeeRepository.advances(id), payeeRepository.payeeSplits(id)]);
      return { ...payee, advances, splits };
    },

    async updatePayee(id: string, input: PayeeInput) {
      const payee = await payeeRepository.updatePayee(id, input);
      if (!payee) throw HttpError.notFound(PAYEE_NOT_FOUND);
      return payee;
    },

    async listAdvances(payeeId: string) {
      await payeeOr404(payeeId);
      return payeeRepository.advances(payeeId);
    },

    async createAdvance(payeeId: string, input: AdvanceInput) {
      await payeeOr404(payeeId);
      return payeeRepository.createAdvance(payeeId, input);
    },
  };
}

export type RoyaltyCatalogueService = ReturnType<typeof createRoyaltyCatalogueService>;
