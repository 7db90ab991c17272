import type { ComponentProps } from "react";
import { amountDue } from "@shared/invoice-status";
import type { InvoiceWithItems } from "@shared/invoices";
import { formatMoney } from "@shared/money";
import { DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { formatInvoiceDate } from "../format";
import { InvoiceLines } from "./invoice-lines";
import { InvoiceStatusBadge } from "./invoice-status-badge";

function PageTitle({ children, ...props }: ComponentProps<"h1">) {
  return <h1 {...props}>{children}</h1>;
}

const muted = "text-muted-foreground print:text-neutral-600";
const sectionHeading = `mb-1 text-xs font-semibold uppercase tracking-wide ${muted}`;

type Heading = "h2" | "h3";

function Party({
  heading,
  as: H,
  name,
  email,
  address,
  phone,
}: {
  heading: string;
  as: Heading;
  name: string | null;
  email: string | null;
  address: string | null;
  phone: string | null;
}) {
  return (
    <section>
      <H className={sectionHeading}>{heading}</H>
      <address className="text-sm break-words whitespace-pre-line not-italic">
        {name && <span className="block font-semibold">{name}</span>}
        {address && <span className="block">{address}</span>}
        {email && <span className="block">{email}</span>}
        {phone && <span className="block">{phone}</span>}
        {!name && !address && !email && !phone && <span className={muted}>Not given</span>}
      </address>
    </section>
  );
}

type DocumentInvoice = Omit<InvoiceWithItems, "userId" | "paidNote" | "remindersEnabled">;

/**
 * The invoice laid out as a document: parties, dates, lines, totals, what is due, how to pay
 * and notes. In a dialog its title names the dialog; on a page (the public link) it is the
 * page's heading, and the sections' headings follow it one level down.
 * `paymentInstructions`: what the client is shown of them (shownPaymentInstructions), or null.
 */
export function InvoiceDocument({
  invoice,
  onPage = false,
  paymentInstructions,
}: {
  invoice: DocumentInvoice;
  onPage?: boolean;
  paymentInstructions: string | null;
}) {
  const Title = onPage ? PageTitle : DialogTitle;
  const Description = onPage ? "p" : DialogDescription;
  const sub: Heading = onPage ? "h2" : "h3";
  const Sub = sub;
  const day = (iso: string) => formatInvoiceDate(iso, invoice.timeZone);
  return (
    <article className="grid gap-6 print:text-black">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          {/* The number is one box: it moves whole to the next line rather than break at its
              hyphen, and breaks only when it is wider than the line itself. */}
          <Title className="text-xl font-semibold sm:text-2xl">
            Invoice <span className="inline-block max-w-full break-words">{invoice.invoiceNumber}</span>
          </Title>
          <Description className={`mt-2 ${muted}`}>
            <span className="whitespace-nowrap">Issued {day(invoice.issueDate)}</span> ·{" "}
            <span className="whitespace-nowrap">Due {day(invoice.dueDate)}</span>
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
          as={sub}
          name={invoice.companyName}
          email={invoice.companyEmail}
          address={invoice.companyAddress}
          phone={invoice.companyPhone}
        />
        <Party
          heading="Bill to"
          as={sub}
          name={invoice.clientName}
          email={invoice.clientEmail}
          address={invoice.clientAddress}
          phone={invoice.clientPhone}
        />
      </div>

      <InvoiceLines items={invoice.items} />

      <dl className="grid gap-2 text-sm sm:ml-auto sm:w-72 print:ml-auto print:w-72">
        <div className="flex justify-between gap-4">
          <dt className={muted}>Subtotal</dt>
          <dd className="tabular-nums">{formatMoney(invoice.subtotal)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className={muted}>
            {invoice.taxMode === "percent" && invoice.taxRate ? `Tax (${invoice.taxRate}%)` : "Tax"}
          </dt>
          <dd className="tabular-nums">{formatMoney(invoice.tax)}</dd>
        </div>
        <div className="flex justify-between gap-4 border-t pt-2 font-medium">
          <dt>Total</dt>
          <dd className="tabular-nums">{formatMoney(invoice.total)}</dd>
        </div>
        <div className="-mx-3 flex justify-between gap-4 rounded-md bg-muted px-3 py-2 text-lg font-semibold print:mx-0 print:bg-transparent print:px-0">
          <dt>Amount due</dt>
          <dd className="tabular-nums">{formatMoney(amountDue(invoice))}</dd>
        </div>
      </dl>

      {paymentInstructions && (
        <section>
          <Sub className={sectionHeading}>How to pay</Sub>
          <p className="text-sm break-words whitespace-pre-line">{paymentInstructions}</p>
        </section>
      )}

      {invoice.notes && (
        <section>
          <Sub className={sectionHeading}>Notes</Sub>
          <p className="text-sm break-words whitespace-pre-line">{invoice.notes}</p>
        </section>
      )}
    </article>
  );
}
