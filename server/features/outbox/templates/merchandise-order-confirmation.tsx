import { Text } from "@react-email/components";
import { formatMoney } from "@shared/money";
import type { OutboxParams } from "@shared/outbox";
import { EmailLayout, Facts, heading, paragraph, type Branding } from "./layout";
import type { MessageTemplate } from "./message-template";

type Params = OutboxParams<"merchandise-order-confirmation">;

function MerchandiseOrderConfirmation({ params: p, branding }: { params: Params; branding: Branding }) {
  return (
    <EmailLayout branding={branding} preview={`Your order: ${p.quantity} × ${p.itemName}`}>
      <Text style={heading}>Thank you for your order</Text>
      <Text style={paragraph}>Your payment went through. Here is what you ordered.</Text>
      <Facts
        rows={[
          ["Item", p.itemName],
          ["Quantity", String(p.quantity)],
          ["Price each", formatMoney(p.unitPrice)],
          ["Total", formatMoney(p.total)],
        ]}
      />
    </EmailLayout>
  );
}

export const merchandiseOrderConfirmation: MessageTemplate<"merchandise-order-confirmation"> = {
  subject: (p, branding) => `Your order from ${branding.labelName}: ${p.quantity} × ${p.itemName}`,
  Body: MerchandiseOrderConfirmation,
};
