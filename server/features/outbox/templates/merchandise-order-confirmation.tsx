import { Text } from "@react-email/components";
import { itemWithVariant } from "@shared/formats";
import { formatMoney } from "@shared/money";
import type { OutboxParams } from "@shared/outbox";
import { EmailLayout, Facts, heading, paragraph, type Branding } from "./layout";
import type { MessageTemplate } from "./message-template";

type Params = OutboxParams<"merchandise-order-confirmation">;

/** "Logo Hoodie — M / Black": the variant in words, never its SKU. */
const named = (p: Params) => itemWithVariant(p.itemName, p.variantLabel);

function MerchandiseOrderConfirmation({ params: p, branding }: { params: Params; branding: Branding }) {
  return (
    <EmailLayout branding={branding} preview={`Your order: ${p.quantity} × ${named(p)}`}>
      <Text style={heading}>Thank you for your order</Text>
      <Text style={paragraph}>Your payment went through. Here is what you ordered.</Text>
      <Facts
        rows={[
          ["Item", named(p)],
          ["Quantity", String(p.quantity)],
          ["Price each", formatMoney(p.unitPrice)],
          ["Total", formatMoney(p.total)],
        ]}
      />
    </EmailLayout>
  );
}

export const merchandiseOrderConfirmation: MessageTemplate<"merchandise-order-confirmation"> = {
  subject: (p, branding) => `Your order from ${branding.labelName}: ${p.quantity} × ${named(p)}`,
  Body: MerchandiseOrderConfirmation,
};
