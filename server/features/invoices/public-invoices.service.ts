import type { InvoiceWithItemsRow } from "@shared/invoices";
import { shownPaymentInstructions } from "@shared/invoice-status";
import { HttpError } from "../../lib/http-error";
import type { SignedTokens } from "../../lib/signed-token";
import type { InvoiceDocuments } from "./invoice-documents.service";
import { issuerName } from "./invoice-senders";
import type { InvoiceOwners } from "./invoice-owners.repository";
import { NOT_FOUND, withDisplayStatus } from "./invoices.service";
import type { InvoicesRepository } from "./invoices.repository";

/**
 * Whether the viewer may open the invoice through its link: anyone once it is issued; a draft
 * only its owner, signed in (a preview). The data calls and the page's status both follow it.
 */
function openableThroughLink(
  invoice: Pick<InvoiceWithItemsRow, "status" | "userId">,
  viewerId: string | undefined,
): boolean {
  return invoice.status !== "draft" || invoice.userId === viewerId;
}

/**
 * The invoice behind a public link (/pay/<token>), for anyone holding the link. A forged or
 * altered token, an unknown invoice, and a draft (not issued yet; only its owner may preview
 * it) all read "not found".
 */
export function createPublicInvoices(deps: {
  repository: InvoicesRepository;
  owners: InvoiceOwners;
  tokens: SignedTokens;
  documents: InvoiceDocuments;
  /** Card payment is configured on this server. */
  cardPayments: boolean;
  clock?: () => Date;
}) {
  const clock = deps.clock ?? (() => new Date());

  async function find(token: string, viewerId: string | undefined): Promise<InvoiceWithItemsRow> {
    const id = deps.tokens.verify(token);
    const invoice = id ? await deps.repository.findForUser(id, null) : undefined;
    if (!invoice || !openableThroughLink(invoice, viewerId)) throw HttpError.notFound(NOT_FOUND);
    return invoice;
  }

  return {
    find,

    /**
     * Whether a public link opens an invoice for this viewer, as `find` decides it: a valid
     * signature, a stored invoice, and a draft only for its owner. Reads no lines.
     */
    async opens(token: string, viewerId: string | undefined): Promise<boolean> {
      const id = deps.tokens.verify(token);
      const access = id === null ? undefined : await deps.repository.findLinkAccess(id);
      return access !== undefined && openableThroughLink(access, viewerId);
    },

    /** What the client sees; an open by anyone but the owner goes on the timeline (hourly at most). */
    async view(token: string, viewerId: string | undefined) {
      const invoice = await find(token, viewerId);
      if (invoice.userId !== viewerId) await deps.repository.recordViewed(invoice.id);
      const owner = await deps.owners.find(undefined, invoice.userId);
      const { userId: _u, paidNote: _n, remindersEnabled: _r, ...shown } = withDisplayStatus(invoice, clock());
      // PublicInvoice: no owner id, private note or settings; the payment instructions
      // only where the client needs them, as on the PDF.
      return {
        labelName: issuerName(owner, invoice),
        invoice: { ...shown, paymentInstructions: shownPaymentInstructions(shown, deps.cardPayments) },
        canPayByCard: deps.cardPayments && invoice.status === "sent",
      };
    },

    async pdf(token: string, viewerId: string | undefined) {
      return deps.documents.pdf(await find(token, viewerId));
    },
  };
}

export type PublicInvoices = ReturnType<typeof createPublicInvoices>;
