import { Text } from "@react-email/components";
import { VENDOR_SPOTS } from "@shared/constants";
import { formatDay, formatTime } from "@shared/dates";
import { formatMoney } from "@shared/money";
import type { OutboxParams } from "@shared/outbox";
import { EmailLayout, Facts, heading, paragraph, type Branding } from "./layout";
import type { MessageTemplate } from "./message-template";

type Params = OutboxParams<"vendor-booking-confirmation">;

function VendorBookingConfirmation({ params: p, branding }: { params: Params; branding: Branding }) {
  const spot = VENDOR_SPOTS[p.spotType].label;
  return (
    <EmailLayout branding={branding} preview={`${spot} booked for ${p.businessName}`}>
      <Text style={heading}>Your vendor spot is booked</Text>
      <Text style={paragraph}>Hello {p.vendorName}, your payment went through and your spot is confirmed.</Text>
      <Facts
        rows={[
          ["Business", p.businessName],
          ["Spot", spot],
          ["Amount paid", formatMoney(p.amount)],
          ["Event", p.artistName],
          ["Date", formatDay(p.date, null, "weekday")],
          ["Time", formatTime(p.time, null)],
          ["Location", p.location],
        ]}
      />
      <Text style={paragraph}>We look forward to seeing you there.</Text>
    </EmailLayout>
  );
}

export const vendorBookingConfirmation: MessageTemplate<"vendor-booking-confirmation"> = {
  subject: (p) => `${VENDOR_SPOTS[p.spotType].label} booked: ${p.artistName}, ${formatDay(p.date, null, "weekday")}`,
  Body: VendorBookingConfirmation,
};
