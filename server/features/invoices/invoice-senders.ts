import { DEFAULT_LABEL_NAME } from "@shared/constants";
import type { InvoiceWithItemsRow } from "@shared/invoices";
import type { OnBehalfOf } from "@shared/outbox";

/** The label name an invoice is issued under: the member's label, else their company, else the platform's. */
export function issuerName(owner: { labelName: string | null } | undefined, invoice: InvoiceWithItemsRow): string {
  return owner?.labelName?.trim() || invoice.companyName?.trim() || DEFAULT_LABEL_NAME;
}

/**
 * The client's e-mails about an invoice go out as from the member's company, named "{company}
 * via {label}" before the platform's own address when they leave (outbox/mailer.ts,
 * docs/decisions/041-mail-that-cannot-be-abused.md), with replies to the member's own, verified
 * address: the client answers the person who billed them, not the platform.
 */
export function onBehalfOf(
  owner: { email: string; labelName: string | null } | undefined,
  invoice: { companyName: string | null },
): OnBehalfOf {
  return {
    senderName: invoice.companyName?.trim() || owner?.labelName?.trim() || null,
    replyTo: owner?.email ?? null,
  };
}
