import { pathParts, route } from "./api-route";

/** Uploads (a label's logo). The schemas: objectUploadsContract in shared/object-uploads.ts. */
export const objectUploadsApi = {
  issue: route("POST", "/api/objects/upload", "member"),
};

/**
 * Where the local storage driver takes an issued upload's file: a PUT of raw bytes, signed in
 * its query, so not a JSON route. The issue's answer hands the full address to the client.
 */
export const UPLOAD_FILE_PATH = "/api/objects/upload/:id";

/** UPLOAD_FILE_PATH with the upload's id in it. */
export function uploadFilePath(id: string): string {
  return pathParts(UPLOAD_FILE_PATH, { id }).join("/");
}
