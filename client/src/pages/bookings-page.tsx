import type { ReactNode } from "react";
import { PageShell } from "@/components/page-shell";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { BackLink } from "@/features/demo/components/back-link";
import { BookingCalendar } from "@/features/demo/components/bookings/booking-calendar";
import { BookingDetails } from "@/features/demo/components/bookings/booking-details";
import { PaymentSummary } from "@/features/demo/components/bookings/payment-summary";
import { DemoNotice } from "@/features/demo/components/demo-notice";

function Section({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  return (
    <Card className={className}>
      <CardHeader>
        <CardTitle asChild>
          <h2>{title}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** /bookings (also /dashboard/bookings): demonstration only. */
export function BookingsPage() {
  return (
    <PageShell
      back={<BackLink />}
      title="Event & Artist Bookings"
      description="Book our artists for concerts, private and corporate events and festivals"
    >
      <DemoNotice>Online booking is not open yet: pick anything you like, nothing is submitted or charged.</DemoNotice>
      <div className="grid items-start gap-6 lg:grid-cols-[1fr_22rem]">
        <div className="grid gap-6">
          <Section title="Booking Details">
            <BookingDetails />
          </Section>
          <Section title="Select Date & Time">
            <BookingCalendar />
          </Section>
        </div>
        {/* Sticks below the layout's 56 px (h-14) top bar, not under it. */}
        <Section title="Payment Summary" className="lg:sticky lg:top-20">
          <PaymentSummary />
        </Section>
      </div>
    </PageShell>
  );
}
