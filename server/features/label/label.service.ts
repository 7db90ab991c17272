import { LOGO_MAX_BYTES } from "@shared/constants";
import { isLogoContentType } from "@shared/object-uploads";
import type { UpdateLabel, User } from "@shared/users";
import { HttpError } from "../../lib/http-error";
import { uploadIdFromObjectPath, uploadKey, type ObjectStorage } from "../../integrations/object-storage";
import type { LabelRepository } from "./label.repository";

function logoError(message: string) {
  return HttpError.badRequest(message, { labelLogoUrl: [message] });
}

export function createLabelService(deps: { repository: LabelRepository; storage: ObjectStorage }) {
  const { repository, storage } = deps;

  /**
   * ARCHITECTURE.md: only an object issued to this user and really uploaded. Asking the
   * storage (not only the issue record) covers GCS, where the browser uploads directly.
   */
  async function assertUploadedLogo(userId: string, objectPath: string) {
    const id = uploadIdFromObjectPath(objectPath);
    const issued = id ? await repository.findIssuedUpload(objectPath) : undefined;
    if (!id || !issued || issued.userId !== userId) throw logoError("That logo does not belong to you");
    const info = await storage.stat(uploadKey(id));
    if (!info) throw logoError("Upload the logo before saving");
    if (!isLogoContentType(info.contentType) || info.size > LOGO_MAX_BYTES) {
      throw logoError("The logo must be a PNG, JPEG, GIF or WebP image of at most 5MB");
    }
  }

  return {
    async updateLabel(user: User, label: UpdateLabel): Promise<User> {
      // Saving a new name with the logo already on the label needs no new upload.
      if (label.labelLogoUrl === user.labelLogoUrl) {
        const updated = await repository.updateLabel(user.id, label);
        if (!updated) throw HttpError.notFound("User not found");
        return updated;
      }
      await assertUploadedLogo(user.id, label.labelLogoUrl);
      const updated = await repository.updateLabelWithNewLogo(user.id, label);
      if (updated === "gone") throw logoError("Upload the logo again before saving");
      if (!updated) throw HttpError.notFound("User not found");
      return updated;
    },
  };
}
