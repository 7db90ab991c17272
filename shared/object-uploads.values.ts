/** What an upload is claimed for; each purpose has its own types, size limit and quota. */
export const UPLOAD_PURPOSES = ["logo", "submission"] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];
