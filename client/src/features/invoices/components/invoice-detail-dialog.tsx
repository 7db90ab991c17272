import { useQuery } from "@tanstack/react-query";
import { X } from "lucide-react";
import { shownPaymentInstructions } from "@shared/invoice-status";
import { PageLoading } from "@/components/page-loading";
import { LoadError } from "@/components/page-shell";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { invoiceQuery } from "../api";
import { InvoiceActions } from "./invoice-actions";
import { InvoiceDocument } from "./invoice-document";
import { InvoiceTimeline } from "./invoice-timeline";

/**
 * While this dialog is open, printing shows only the invoice: the app behind it and the
 * overlay are hidden, and the dialog becomes a plain page in black on white.
 */
const PRINT_ONLY_INVOICE = `
@media print {
  #root, [data-slot="dialog-overlay"], [data-slot="dropdown-menu-content"] { display: none !important; }
  html, body { background: #fff !important; }
}`;

/** View: the invoice as billed, printable as one clean page, with its actions and timeline. */
export function InvoiceDetailDialog({ invoiceId, onClose }: { invoiceId: string | null; onClose: () => void }) {
  return (
    <Dialog open={invoiceId !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        showCloseButton={false}
        className="max-w-3xl p-4 sm:p-6 print:static print:left-auto print:top-auto print:max-h-none print:w-full print:max-w-none print:translate-x-0 print:translate-y-0 print:overflow-visible print:border-0 print:bg-white print:p-0 print:text-black print:shadow-none"
      >
        <style>{PRINT_ONLY_INVOICE}</style>
        {invoiceId && <InvoiceDetail id={invoiceId} onClose={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function InvoiceDetail({ id, onClose }: { id: string; onClose: () => void }) {
  const query = useQuery(invoiceQuery(id));
  const close = (
    // On a phone the word gives its room to the actions; the name stays "Close".
    <DialogClose asChild>
      <Button type="button" variant="ghost" className="px-3 sm:px-4">
        <X aria-hidden="true" />
        <span className="sr-only sm:not-sr-only">Close</span>
      </Button>
    </DialogClose>
  );

  if (query.isLoading || query.isError || !query.data) {
    return (
      <>
        <DialogTitle>Invoice</DialogTitle>
        <DialogDescription className="sr-only">The invoice you chose</DialogDescription>
        {query.isError ? (
          <LoadError what="the invoice" onRetry={() => void query.refetch()} />
        ) : (
          <PageLoading label="Loading invoice..." className="min-h-40" />
        )}
        <div className="flex justify-end print:hidden">{close}</div>
      </>
    );
  }
  const invoice = query.data;
  return (
    <>
      <InvoiceActions invoice={invoice} onClose={onClose} aside={close} />
      <InvoiceDocument
        invoice={invoice}
        paymentInstructions={shownPaymentInstructions(invoice, invoice.cardPayments)}
      />
      <InvoiceTimeline events={invoice.events} />
    </>
  );
}
