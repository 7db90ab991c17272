import { CheckCircle2, Download, Printer } from "lucide-react";
import type { PublicInvoice } from "@shared/invoice-actions";
import { invoiceFiles } from "@shared/invoices.api";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { pathOf } from "@/lib/api-client";
import { InvoiceDocument } from "./invoice-document";
import { PayInvoice } from "./pay-invoice";

/** The public invoice page's content: who bills, the invoice, and what the client can do. */
export function PublicInvoiceView({ data, token }: { data: PublicInvoice; token: string }) {
  const { invoice } = data;
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-4 px-4 py-8">
      <header className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <p className="text-lg font-semibold">{data.labelName}</p>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline" size="sm">
            <a href={pathOf(invoiceFiles.publicPdf, { token })} download>
              <Download aria-hidden="true" /> Download PDF
            </a>
          </Button>
          <Button type="button" variant="outline" size="sm" onClick={() => window.print()}>
            <Printer aria-hidden="true" /> Print
          </Button>
        </div>
      </header>
      {invoice.status === "paid" && (
        <p
          role="status"
          className="flex items-center gap-2 rounded-md border border-primary/40 bg-primary/10 p-3 font-medium print:hidden"
        >
          <CheckCircle2 aria-hidden="true" className="size-5" /> Paid. Thank you!
        </p>
      )}
      {invoice.status === "cancelled" && (
        <p role="status" className="rounded-md border p-3 text-muted-foreground print:hidden">
          This invoice was cancelled; nothing is owed on it.
        </p>
      )}
      {data.canPayByCard && <PayInvoice token={token} number={invoice.invoiceNumber} total={invoice.total} />}
      <Card className="bg-card/95 p-4 sm:p-6 print:border-0 print:bg-white print:p-0 print:text-black print:shadow-none">
        <InvoiceDocument invoice={invoice} onPage paymentInstructions={invoice.paymentInstructions} />
      </Card>
    </div>
  );
}
