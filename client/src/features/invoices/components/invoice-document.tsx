import type { ComponentProps } from "react";
import type { InvoiceWithItemsResponse } from "@shared/invoices";
import { formatMoney } from "@shared/money";
import { DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { formatInvoiceDate } from "../format";
import { InvoiceStatusBadge } from "./invoice-status-badge";

function PageTitle({ children, ...props }: ComponentProps<"h1">) {
  return <h1 {...props}>{children}</h1>;
}

const muted = "text-muted-foreground print:text-neutral-600";

function Party({
  heading,
  name,
  email,
  address,
  phone,
}: {
  heading: string;
  name: string | null;
  email: string | null;
  address: string | null;
  phone: string | null;
}) {
  return (
    <section>
      <h3 className={`mb-1 text-xs font-semibold uppercase tracking-wide ${muted}`}>{heading}</h3>
      <address className="whitespace-pre-line text-sm not-italic">
        {name && <span className="block font-semibold">{name}</span>}
        {address && <span className="block">{address}</span>}
        {email && <span className="block">{email}</span>}
        {phone && <span className="block">{phone}</span>}
        {!name && !address && !email && !phone && <span className={muted}>Not given</span>}
      </address>
    </section>
  );
}

type DocumentInvoice = Omit<InvoiceWithItemsResponse, "userId" | "paidNote" | "remindersEnabled">;

/**
 * The invoice laid out as a document: parties, dates, lines, totals and notes. In a dialog its
 * title names the dialog; on a page (the public link) it is the page's heading.
 */
export function InvoiceDocument({ invoice, onPage = false }: { invoice: DocumentInvoice; onPage?: boolean }) {
  const Title = onPage ? PageTitle : DialogTitle;
  const Description = onPage ? "p" : DialogDescription;
  return (
    <article className="grid gap-6 print:text-black">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <Title className="text-2xl font-semibold break-words">Invoice {invoice.invoiceNumber}</Title>
          <Description className={`mt-2 ${muted}`}>
            Issued {formatInvoiceDate(invoice.issueDate)} · Due {formatInvoiceDate(invoice.dueDate)}
          </Description>
        </div>
        <InvoiceStatusBadge
          status={invoice.status}
          className="print:border-black print:bg-transparent print:text-black"
        />
      </header>

      <div className="grid gap-6 sm:grid-cols-2 print:grid-cols-2">
        <Party
          heading="From"
          name={invoice.companyName}
          email={invoice.companyEmail}
          address={invoice.companyAddress}
          phone={invoice.companyPhone}
        />
        <Party
          heading="Bill to"
          name={invoice.clientName}
          email={invoice.clientEmail}
          address={invoice.clientAddress}
          phone={invoice.clientPhone}
        />
      </div>

      <div className="overflow-x-auto">
        <table className="w-full min-w-[28rem] text-sm">
          <caption className="sr-only">Line items</caption>
          <thead>
            <tr className={`border-b text-left ${muted}`}>
              <th scope="col" className="py-2 pr-2 font-medium">
                Description
              </th>
              <th scope="col" className="px-2 py-2 text-right font-medium">
                Qty
              </th>
              <th scope="col" className="px-2 py-2 text-right font-medium">
                Price
              </th>
              <th scope="col" className="py-2 pl-2 text-right font-medium">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {invoice.items.length === 0 && (
              <tr>
                <td colSpan={4} className={`py-3 ${muted}`}>
                  No line items
                </td>
              </tr>
            )}
            {invoice.items.map((item) => (
              <tr key={item.id} className="border-b print:break-inside-avoid">
                <td className="py-2 pr-2">{item.description}</td>
                <td className="px-2 py-2 text-right tabular-nums">{item.quantity}</td>
                <td className="px-2 py-2 text-right tabular-nums">{formatMoney(item.unitPrice)}</td>
                <td className="py-2 pl-2 text-right tabular-nums">{formatMoney(item.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <dl className="grid gap-2 text-sm sm:ml-auto sm:w-64 print:ml-auto print:w-64">
        <div className="flex justify-between">
          <dt className={muted}>Subtotal</dt>
          <dd className="tabular-nums">{formatMoney(invoice.subtotal)}</dd>
        </div>
        <div className="flex justify-between">
          <dt className={muted}>
            {invoice.taxMode === "percent" && invoice.taxRate ? `Tax (${invoice.taxRate}%)` : "Tax"}
          </dt>
          <dd className="tabular-nums">{formatMoney(invoice.tax)}</dd>
        </div>
        <div className="flex justify-between border-t pt-2 text-lg font-semibold">
          <dt>Total</dt>
          <dd className="tabular-nums">{formatMoney(invoice.total)}</dd>
        </div>
      </dl>

      {invoice.notes && (
        <section>
          <h3 className={`mb-1 text-xs font-semibold uppercase tracking-wide ${muted}`}>Notes</h3>
          <p className="whitespace-pre-line text-sm">{invoice.notes}</p>
        </section>
      )}
    </article>
  );
}
