import { Link, Text } from "@react-email/components";
import { itemWithVariant } from "@shared/formats";
import type { OutboxParams } from "@shared/outbox";
import { InvoiceLink } from "./invoice-link";
import { adminFooter, EmailLayout, Facts, heading, paragraph, type Branding } from "./layout";
import type { MessageTemplate } from "./message-template";

/**
 * A fan's e-mails name the variant as the sign-up's confirmation page does, "Tour Shirt (M /
 * Black)"; the administrators' alert as the orders do, "Tour Shirt — M / Black".
 */
const named = (itemName: string, variant: string) => (variant ? `${itemName} (${variant})` : itemName);

type LowStock = OutboxParams<"merchandise-low-stock">;

/**
 * Where an administrator restocks it: the item's editor, else the admins' merchandise page
 * (`/merchandise`, on the app the item's page `{app}/merch/{id}` is on).
 */
const editorOf = (p: LowStock) => p.editorLink ?? `${p.link.replace(/\/merch\/[^/]*\/?$/, "")}/merchandise`;

function MerchandiseLowStock({ params: p, branding }: { params: LowStock; branding: Branding }) {
  const what = itemWithVariant(p.itemName, p.variant);
  return (
    <EmailLayout
      branding={branding}
      preview={`${what}: ${p.stockQuantity} left`}
      footer={adminFooter(branding.labelName)}
    >
      <Text style={heading}>Running low</Text>
      <Text style={paragraph}>
        {what} is down to {p.stockQuantity}. You will not be told again until it is restocked above {p.threshold}.
      </Text>
      <Facts
        rows={[
          ["Item", what],
          ["SKU", p.sku],
          ["In stock", String(p.stockQuantity)],
          ["Threshold", String(p.threshold)],
        ]}
      />
      <InvoiceLink href={editorOf(p)} label={p.editorLink ? "Restock it in the editor" : "Open the merchandise page"} />
      <Text style={paragraph}>
        Its page in the shop: <Link href={p.link}>{p.link}</Link>
      </Text>
    </EmailLayout>
  );
}

export const merchandiseLowStock: MessageTemplate<"merchandise-low-stock"> = {
  subject: (p) => `Low stock: ${itemWithVariant(p.itemName, p.variant)}, ${p.stockQuantity} left`,
  Body: MerchandiseLowStock,
};

type BackInStock = OutboxParams<"merchandise-back-in-stock">;

function MerchandiseBackInStock({ params: p, branding }: { params: BackInStock; branding: Branding }) {
  const what = named(p.itemName, p.variant);
  return (
    <EmailLayout
      branding={branding}
      preview={`${what} is back`}
      footer={`You receive this e-mail because you asked ${branding.labelName}'s shop to tell you when ${what} was back in stock.`}
    >
      <Text style={heading}>It's back</Text>
      <Text style={paragraph}>
        You asked us to tell you when {what} was back in stock, and confirmed this address: it is, while it lasts. This
        is the only e-mail you will get about it.
      </Text>
      <InvoiceLink href={p.link} label="See it in the shop" />
    </EmailLayout>
  );
}

export const merchandiseBackInStock: MessageTemplate<"merchandise-back-in-stock"> = {
  subject: (p, branding) => `Back in stock at ${branding.labelName}: ${named(p.itemName, p.variant)}`,
  Body: MerchandiseBackInStock,
};

type StockConfirm = OutboxParams<"merchandise-stock-confirm">;

/** Double opt-in: the address typed on the item's page gets nothing more unless its owner confirms. */
function MerchandiseStockConfirm({ params: p, branding }: { params: StockConfirm; branding: Branding }) {
  const what = named(p.itemName, p.variant);
  return (
    <EmailLayout
      branding={branding}
      preview={`Confirm to hear when ${what} is back`}
      footer={`You receive this e-mail because this address was typed into ${branding.labelName}'s shop.`}
    >
      <Text style={heading}>Confirm your e-mail address</Text>
      <Text style={paragraph}>
        Someone, we hope you, asked on {branding.labelName}&apos;s shop to be e-mailed when {what} is back in stock.
        Confirm with the button below and we will send you one e-mail when it is.
      </Text>
      <InvoiceLink href={p.confirmLink} label="Confirm: e-mail me when it's back" />
      <Text style={paragraph}>
        You get this e-mail because this address was typed into the item&apos;s page. If that wasn&apos;t you, ignore
        it: without confirmation you get nothing more from us.
      </Text>
    </EmailLayout>
  );
}

export const merchandiseStockConfirm: MessageTemplate<"merchandise-stock-confirm"> = {
  subject: (p, branding) =>
    `Confirm: e-mail you when ${named(p.itemName, p.variant)} is back at ${branding.labelName}?`,
  Body: MerchandiseStockConfirm,
};
