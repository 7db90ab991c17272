import { IMAGE_TOO_LARGE_MESSAGE, LOGO_MAX_MB } from "@shared/object-uploads";
import { DEFAULT_LABEL_CONTACT } from "@shared/constants";
import type { LabelContact, UpdateLabel, User } from "@shared/users";
import { HttpError } from "../../lib/http-error";
import type { ClaimUpload, UploadClaimRefusal } from "../../lib/upload-claims";
import type { LabelRepository } from "./label.repository";

const REFUSALS: Record<UploadClaimRefusal, string> = {
  "not-issued": "That logo does not belong to you",
  "not-uploaded": "Upload the logo before saving",
  unfit: `The logo must be a PNG, JPEG, GIF or WebP image of at most ${LOGO_MAX_MB}MB`,
  "too-many-pixels": IMAGE_TOO_LARGE_MESSAGE,
  gone: "Upload the logo again before saving",
};

function logoError(message: string) {
  return HttpError.badRequest(message, { labelLogoUrl: [message] });
}

export function createLabelService(deps: { repository: LabelRepository; claimUpload: ClaimUpload }) {
  const { repository, claimUpload } = deps;

  return {
    /** How visitors reach the label: what its administrators set, else the default pair. */
    async contact(): Promise<LabelContact> {
      return (await repository.administratorsContact()) ?? { ...DEFAULT_LABEL_CONTACT };
    },

    async updateLabel(user: User, label: UpdateLabel): Promise<User> {
      // Saving a new name with the logo already on the label needs no new upload.
      if (label.labelLogoUrl === user.labelLogoUrl) {
        const updated = await repository.updateLabel(user.id, label);
        if (!updated) throw HttpError.notFound("User not found");
        return updated;
      }
      // Only an object issued to this user and really uploaded (docs/product.md "Label settings").
      const outcome = await claimUpload(user.id, label.labelLogoUrl, "logo", (tx) =>
        repository.updateLabel(user.id, label, tx),
      );
      if ("refused" in outcome) throw logoError(REFUSALS[outcome.refused]);
      if (!outcome.claimed) throw HttpError.notFound("User not found");
      return outcome.claimed;
    },
  };
}
