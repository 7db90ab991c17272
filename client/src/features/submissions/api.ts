import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { objectUploadsContract } from "@shared/object-uploads";
import { objectUploadsApi } from "@shared/object-uploads.api";
import type { CreateSubmission, SetSubmissionStatus, SubmissionsQuery, submissionsContract } from "@shared/submissions";
import { submissionsApi } from "@shared/submissions.api";
import { apiClient } from "@/lib/api-client";
import { UploadPutError } from "@/lib/object-upload";

const api = apiClient<typeof submissionsContract>(submissionsApi);
const uploads = apiClient<typeof objectUploadsContract>(objectUploadsApi);

/** The signed-in member's submissions, newest first. */
export const mySubmissionsQuery = api.mine.query();

/** The A&R inbox, oldest first, with its filters. */
export function submissionsInboxQuery(filters: SubmissionsQuery) {
  return api.list.query({
    query: {
      status: filters.status,
      genre: filters.genre || undefined,
      overdue: filters.overdue ? "true" : undefined,
      q: filters.q || undefined,
    },
  });
}

export const savedRepliesQuery = api.listReplies.query();

/**
 * Uploads the audio straight to storage (the address checks type and size; the server reads
 * its bytes when the submission is created), then submits it.
 */
export function useSubmitTrack() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, fields }: { file: File; fields: Omit<CreateSubmission, "fileKey"> }) => {
      const params = await uploads.issue({
        body: { purpose: "submission", contentType: file.type || "audio/mpeg", size: file.size },
      });
      const res = await fetch(params.uploadURL, {
        method: "PUT",
        headers: { "Content-Type": file.type || "audio/mpeg" },
        body: file,
        credentials: "same-origin",
      });
      if (!res.ok) throw new UploadPutError(res.status);
      return api.create({ body: { ...fields, fileKey: params.objectPath } });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: api.mine.key() }),
    meta: { errorFallback: "Your track could not be submitted" },
  });
}

export function useSetSubmissionStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: SetSubmissionStatus }) => api.setStatus({ params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: api.list.key() }),
    meta: { errorFallback: "The submission could not be updated" },
  });
}

export function useSaveReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { title: string; body: string }) => api.createReply({ body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: api.listReplies.key() }),
    meta: { errorFallback: "The reply could not be saved" },
  });
}

export function useRemoveReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.removeReply({ params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: api.listReplies.key() }),
    meta: { errorFallback: "The reply could not be removed" },
  });
}
