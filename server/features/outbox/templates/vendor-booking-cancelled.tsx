import { Text } from "@react-email/components";
import { VENDOR_SPOTS } from "@shared/constants";
import { formatDay, formatTime } from "@shared/dates";
import { formatMoney } from "@shared/money";
import type { OutboxParams } from "@shared/outbox";
import { EmailLayout, Facts, heading, paragraph, type Branding } from "./layout";
import type { MessageTemplate } from "./message-template";

type Params = OutboxParams<"vendor-booking-cancelled">;

function VendorBookingCancelled({ params: p, branding }: { params: Params; branding: Branding }) {
  const spot = VENDOR_SPOTS[p.spotType].label;
  const show: [string, string][] = p.show
    ? [
        ["Event", p.show.artistName],
        ["Date", formatDay(p.show.date, null, "weekday")],
        ["Time", formatTime(p.show.time, null)],
        ["Location", p.show.location],
      ]
    : [];
  return (
    <EmailLayout branding={branding} preview={`${spot} for ${p.businessName} cancelled`}>
      <Text style={heading}>Your vendor spot is cancelled</Text>
      <Text style={paragraph}>
        Hello {p.vendorName}, your booking has been cancelled. {formatMoney(p.amountRefunded)} is being refunded to the
        card you paid with; banks usually show it within 5 to 10 business days.
      </Text>
      {p.reason ? <Text style={paragraph}>Reason: {p.reason}</Text> : null}
      <Facts
        rows={[
          ["Business", p.businessName],
          ["Spot", spot],
          ["Amount refunded", formatMoney(p.amountRefunded)],
          ...show,
        ]}
      />
    </EmailLayout>
  );
}

export const vendorBookingCancelled: MessageTemplate<"vendor-booking-cancelled"> = {
  subject: (p) =>
    p.show
      ? `Cancelled: your ${VENDOR_SPOTS[p.spotType].label} at ${p.show.artistName}, ${formatDay(p.show.date, null, "weekday")}`
      : `Cancelled: your ${VENDOR_SPOTS[p.spotType].label}`,
  Body: VendorBookingCancelled,
};
