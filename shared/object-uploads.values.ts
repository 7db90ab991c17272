/**
 * What an upload is claimed for; each purpose has its own types, size limit and quota. A release
 * cover is an image like a logo, without GIF.
 */
export const UPLOAD_PURPOSES = ["logo", "submission", "cover"] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];
