import { Text } from "@react-email/components";
import { VENDOR_SPOTS } from "@shared/constants";
import { formatDay, formatTime } from "@shared/dates";
import { formatMoney } from "@shared/money";
import type { OutboxParams } from "@shared/outbox";
import { InvoiceLink } from "./invoice-link";
import { adminFooter, EmailLayout, Facts, heading, paragraph, type Branding } from "./layout";
import type { MessageTemplate } from "./message-template";

type Params = OutboxParams<"vendor-booking-admin-notice">;

/** To every administrator: the booking, the vendor's contact, and where it is listed. */
function VendorBookingAdminNotice({ params: p, branding }: { params: Params; branding: Branding }) {
  const spot = VENDOR_SPOTS[p.spotType].label;
  return (
    <EmailLayout
      branding={branding}
      preview={`${p.businessName} paid for a ${spot}`}
      footer={adminFooter(branding.labelName)}
    >
      <Text style={heading}>New vendor booking</Text>
      <Text style={paragraph}>
        {p.businessName} paid {formatMoney(p.amount)} for a {spot} at {p.artistName} on{" "}
        {formatDay(p.date, null, "weekday")}.
      </Text>
      <Facts
        rows={[
          ["Business", p.businessName],
          ["Food", p.foodType],
          ["Contact", p.vendorName],
          ["E-mail", p.vendorEmail],
          ["Phone", p.vendorPhone],
          ["Spot", spot],
          ["Amount", formatMoney(p.amount)],
          ["Event", `${p.artistName}, ${formatDay(p.date, null, "weekday")} ${formatTime(p.time, null)}`],
          ["Location", p.location],
        ]}
      />
      {p.link ? (
        <InvoiceLink href={p.link} label="Open the booking" />
      ) : (
        <Text style={paragraph}>Every booking is listed on the Vendor bookings page.</Text>
      )}
    </EmailLayout>
  );
}

export const vendorBookingAdminNotice: MessageTemplate<"vendor-booking-admin-notice"> = {
  subject: (p) => `New vendor booking: ${p.businessName} (${VENDOR_SPOTS[p.spotType].label}), ${p.artistName}`,
  Body: VendorBookingAdminNotice,
};
