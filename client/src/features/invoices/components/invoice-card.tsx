import { Eye } from "lucide-react";
import { formatMoney } from "@shared/money";
import type { Invoice } from "@shared/invoices";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { formatInvoiceDate } from "../format";
import { InvoiceStatusBadge } from "./invoice-status-badge";

/** One invoice of the list: number, client, status, dates, total, View. */
export function InvoiceCard({ invoice, onView }: { invoice: Invoice; onView: (id: string) => void }) {
  return (
    <Card className="flex h-full flex-col gap-4 bg-card/90 p-5">
      {/* The badge wraps below a number that leaves it no room, so the number stays whole; only
          a number longer than the whole card breaks. */}
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2">
        <div className="min-w-0">
          <h2 className="text-lg font-semibold break-words tabular-nums">{invoice.invoiceNumber}</h2>
          <p className="text-muted-foreground">{invoice.clientName || "No client name"}</p>
        </div>
        <InvoiceStatusBadge status={invoice.status} />
      </div>
      <dl className="grid grid-cols-2 gap-3 text-sm">
        <div>
          <dt className="text-muted-foreground">Issue date</dt>
          <dd>{formatInvoiceDate(invoice.issueDate)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Due date</dt>
          <dd>{formatInvoiceDate(invoice.dueDate)}</dd>
        </div>
      </dl>
      <div className="mt-auto flex items-center justify-between gap-3 border-t pt-4">
        <p className="text-xl font-semibold">
          <span className="sr-only">Total </span>
          {formatMoney(invoice.total)}
        </p>
        <Button
          type="button"
          variant="outline"
          size="sm"
          aria-label={`View ${invoice.invoiceNumber}`}
          onClick={() => onView(invoice.id)}
        >
          <Eye aria-hidden="true" />
          View
        </Button>
      </div>
    </Card>
  );
}
