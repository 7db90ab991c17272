import express from "express";
import { idParams } from "@shared/contract";
import { submissionsContract } from "@shared/submissions";
import { submissionFiles } from "@shared/submissions.api";
import type { ObjectStorage } from "../../integrations/object-storage";
import { contractRouter, paramsOf, underApi } from "../../lib/contract-router";
import { HttpError } from "../../lib/http-error";
import { streamAudio, type AudioLinks } from "./submission-audio";
import type { SubmissionsRepository } from "./submissions.repository";
import type { SubmissionsService } from "./submissions.service";

/** Mounted on /api: members submit and follow their tracks; administrators review them. */
export function createSubmissionsRouter(deps: {
  service: SubmissionsService;
  repository: SubmissionsRepository;
  links: AudioLinks;
  storage: ObjectStorage;
}) {
  const { service, links } = deps;
  const router = express.Router({ caseSensitive: true });

  router.use(
    contractRouter(submissionsContract, {
      create: async ({ user, body }) => ({ status: 201, body: await service.create(user, body) }),
      mine: async ({ user }) => ({ status: 200, body: await service.mine(user.id) }),
      mineOne: async ({ user, params }) => ({ status: 200, body: await service.mineOne(user.id, params.id) }),
      list: async ({ query }) => ({ status: 200, body: await service.list(query) }),
      setStatus: async ({ params, body }) => ({ status: 200, body: await service.setStatus(params.id, body) }),
      listReplies: async () => ({ status: 200, body: await service.listReplies() }),
      createReply: async ({ body }) => ({ status: 201, body: await service.createReply(body) }),
      removeReply: async ({ params }) => {
        await service.removeReply(params.id);
        return { status: 204 };
      },
    }),
  );

  // The signed link is the permission (the player's GET carries no header of ours), checked
  // before the database is asked, so a guessed id learns nothing.
  router.get(underApi(submissionFiles.audio.path), async (req, res) => {
    const { id } = paramsOf(idParams, req);
    const check = links.check(id, req.query as Record<string, unknown>);
    if (check === "expired") throw HttpError.forbidden("This listening link has expired. Open the submission again.");
    if (check !== "valid") throw HttpError.forbidden("This listening link is not valid");
    const row = await deps.repository.find(deps.repository.db, id);
    if (!row) throw HttpError.notFound("Submission not found");
    const left = Number(req.query.expires) - Math.floor(Date.now() / 1000);
    await streamAudio(deps.storage, row.fileUrl, req, res, left);
  });

  return router;
}
