// Music submissions (docs/product.md, "Music Submissions"; docs/decisions/053-music-submissions.md):
// members send tracks and follow them; the A&R team listens, answers and keeps saved replies. One wiring function binds the app's dependencies to the plain functions.
import type { AppContext } from "../../context";
import { getObjectStorage } from "../../integrations/object-storage";
import { createAudioLinks } from "./submission-audio";
import { createSubmissionsRepository } from "./submissions.repository";
import { createSubmissionsRouter } from "./submissions.router";
import { createSubmissionsService, type ClaimAudioUpload, type SubmissionsDeps } from "./submissions.service";

export interface SubmissionsDependencies {
  claimAudioUpload: ClaimAudioUpload;
  messages: SubmissionsDeps["messages"];
  addToCatalogue: SubmissionsDeps["addToCatalogue"];
}

export function createSubmissionsFeature(ctx: AppContext, deps: SubmissionsDependencies) {
  const { config, db } = ctx;
  const repository = createSubmissionsRepository(db);
  const links = createAudioLinks(config.sessionSecret ?? ctx.secrets.sessionSecret);
  const service = createSubmissionsService({
    repository,
    claimAudioUpload: deps.claimAudioUpload,
    messages: deps.messages,
    addToCatalogue: deps.addToCatalogue,
    links,
    replyDays: config.submissions.replyDays,
    pageUrl: `${config.appUrl}/submissions`,
    inboxUrl: `${config.appUrl}/admin/submissions`,
  });
  const router = createSubmissionsRouter({ service, repository, links, storage: getObjectStorage(ctx) });
  return { service, repository, router };
}
