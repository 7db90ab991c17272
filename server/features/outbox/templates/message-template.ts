import type { ComponentType } from "react";
import type { OutboxParams, OutboxTemplate, StoredAttachment } from "@shared/outbox";
import type { DocumentRenderer } from "../../../documents/document-renderer";
import type { SignedTokens } from "../../../lib/signed-token";
import type { Branding } from "./layout";

/**
 * What attachments are made with: PDFs come from the app's one pool of document threads; QR
 * codes of tickets are signed with the key the door verifies them with.
 */
export interface AttachmentTools {
  documents: DocumentRenderer;
  ticketTokens: SignedTokens;
}

/** One message: its subject line, its body (HTML; the plain text is derived), its attachments. */
export interface MessageTemplate<T extends OutboxTemplate> {
  subject(params: OutboxParams<T>, branding: Branding): string;
  Body: ComponentType<{ params: OutboxParams<T>; branding: Branding }>;
  attachments?(params: OutboxParams<T>, branding: Branding, tools: AttachmentTools): Promise<StoredAttachment[]>;
}
