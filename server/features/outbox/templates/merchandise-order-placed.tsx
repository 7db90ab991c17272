import { Text } from "@react-email/components";
import { formatDay } from "@shared/dates";
import { formatPercent, itemWithVariant } from "@shared/formats";
import { variantLabel } from "@shared/merchandise-variants";
import { formatMoney } from "@shared/money";
import type { OutboxParams } from "@shared/outbox";
import { formatPostalAddress } from "@shared/postal-address";
import { InvoiceLink } from "./invoice-link";
import { EmailLayout, Facts, heading, paragraph, type Branding } from "./layout";
import type { MessageTemplate } from "./message-template";

type Params = OutboxParams<"merchandise-order-placed">;

/** "Tour Shirt — M / Black": the option values in the item's order, as the buyer picked them. */
const lineName = (line: Params["lines"][number]) => itemWithVariant(line.itemName, variantLabel(line.options));

function MerchandiseOrderPlaced({ params: p, branding }: { params: Params; branding: Branding }) {
  // An order of downloads only ships nothing: no address, no shipping.
  const ships = p.lines.length > 0;
  const addressLines = ships ? formatPostalAddress(p.address) : [];
  const downloads = p.downloads ?? [];
  return (
    <EmailLayout branding={branding} preview={`Your order #${p.orderNumber}: ${formatMoney(p.total)}`}>
      <Text style={heading}>Thank you for your order</Text>
      <Text style={paragraph}>Your payment went through. Here is what you ordered.</Text>
      <Facts
        rows={p.lines.map((line): [string, string] => [
          `${line.quantity} × ${lineName(line)}`,
          `${formatMoney(line.unitPrice)} each${line.shipsFrom ? ` (ships from ${formatDay(line.shipsFrom, null, "date")})` : ""}`,
        ])}
      />
      {downloads.length > 0 && (
        <>
          <Facts
            rows={downloads.map((d): [string, string] => [
              `Download: ${d.title} by ${d.artist}`,
              formatMoney(d.amount),
            ])}
          />
          <Text style={paragraph}>Your download links come in a separate e-mail.</Text>
        </>
      )}
      <Facts
        rows={[
          ["Items", formatMoney(p.subtotal)],
          ...(ships ? [["Shipping", formatMoney(p.shipping)] as [string, string]] : []),
          [p.taxRate ? `Tax (${formatPercent(p.taxRate)})` : "Tax", formatMoney(p.tax)],
          ["Total", formatMoney(p.total)],
        ]}
      />
      {ships && <Text style={paragraph}>Shipping to: {addressLines.join(", ")}</Text>}
      <InvoiceLink href={p.link} label="See your order" />
    </EmailLayout>
  );
}

export const merchandiseOrderPlaced: MessageTemplate<"merchandise-order-placed"> = {
  subject: (p, branding) => `Your order #${p.orderNumber} from ${branding.labelName}`,
  Body: MerchandiseOrderPlaced,
};
