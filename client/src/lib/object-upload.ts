import { useState } from "react";
import type { objectUploadsContract } from "@shared/object-uploads";
import { objectUploadsApi } from "@shared/object-uploads.api";
import { apiClient } from "@/lib/api-client";
import { ApiError } from "@/lib/api-request";

const api = apiClient<typeof objectUploadsContract>(objectUploadsApi);

/** The file PUT itself was refused (the toast then says just 'Upload failed'). */
export class UploadPutError extends Error {
  constructor(readonly status: number) {
    super("Upload failed");
    this.name = "UploadPutError";
  }
}

/**
 * The upload sequence: ask for upload parameters, then PUT the raw file to the
 * returned address with the file's own Content-Type. Resolves with the object path. A cover
 * names its purpose, so the address takes only a cover's image types.
 */
export async function uploadObject(file: File, purpose?: "cover"): Promise<string> {
  const body = { ...(file.type ? { contentType: file.type } : {}), ...(purpose ? { purpose } : {}) };
  const params = await api.issue({ body });
  const res = await fetch(params.uploadURL, {
    method: "PUT",
    headers: { "Content-Type": file.type },
    body: file,
    // Same-origin for the local driver; a bucket's signed URL needs no cookies.
    credentials: "same-origin",
  });
  if (!res.ok) throw new UploadPutError(res.status);
  return params.objectPath;
}

/** 'Upload failed' when the PUT is not ok, else the error's message. */
export function uploadFailureMessage(error: unknown): string {
  if (error instanceof UploadPutError) return "Upload failed";
  // A refused field's own message reads better than the summary ("Invalid body: contentType: ...").
  if (error instanceof ApiError)
    return error.fieldErrors?.contentType?.[0] ?? error.serverMessage ?? "An error occurred";
  return error instanceof Error && error.message ? error.message : "An error occurred";
}

export type UploadStatus = "idle" | "uploading" | "complete" | "failed";

/** The upload's states: idle → uploading → complete or failed. */
export function useObjectUpload(purpose?: "cover") {
  const [status, setStatus] = useState<UploadStatus>("idle");
  return {
    status,
    async upload(file: File): Promise<string> {
      setStatus("uploading");
      try {
        const objectPath = await uploadObject(file, purpose);
        setStatus("complete");
        return objectPath;
      } catch (error) {
        setStatus("failed");
        throw error;
      }
    },
  };
}
