import { CalendarDays, Clock, MapPin } from "lucide-react";
import { useId } from "react";
import { Link } from "wouter";
import type { VendorSlotAvailability } from "@shared/vendor-slots";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { cn } from "@/lib/utils";
import { SPOT_SHORT_LABELS, slotRemainingText } from "@/lib/vendor-slots";
import type { VendorTourDate } from "../api";

/** Slots left per spot type, so a vendor sees before opening the dialog what is still free. */
function SlotsLeft({ slots }: { slots: readonly VendorSlotAvailability[] }) {
  return (
    <div className="grid gap-2">
      <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">Vendor spots left</p>
      <dl className="grid grid-cols-3 divide-x rounded-lg border">
        {slots.map((slot) => {
          const text = slotRemainingText(slot);
          return (
            <div key={slot.spotType} className="grid gap-0.5 px-2 py-2 text-center">
              <dt className="text-xs text-muted-foreground">{SPOT_SHORT_LABELS[slot.spotType]}</dt>
              <dd
                className={cn(
                  "text-sm font-semibold tabular-nums",
                  text === "Sold out" ? "text-muted-foreground" : "text-foreground",
                )}
              >
                {text}
              </dd>
            </div>
          );
        })}
      </dl>
    </div>
  );
}

/** Artist, date, time, location, the slots left, 'Book Vendor Slot' and the show's page. */
export function TourDateCard({
  tourDate,
  slots,
  detailsHref,
  onBook,
}: {
  tourDate: VendorTourDate;
  /** Undefined while the counts load (or when they could not be read): the card goes without them. */
  slots?: readonly VendorSlotAvailability[];
  detailsHref: string;
  onBook(): void;
}) {
  const titleId = useId();
  return (
    <Card className="flex flex-col">
      <CardHeader>
        <CardTitle asChild>
          <h2 id={titleId}>{tourDate.artistName}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid flex-1 content-start gap-4">
        <div className="grid gap-2 text-sm text-muted-foreground">
          <p className="flex items-center gap-2">
            <CalendarDays aria-hidden="true" className="size-4 shrink-0" />
            <span className="sr-only">Date: </span>
            {tourDate.date}
          </p>
          <p className="flex items-center gap-2">
            <Clock aria-hidden="true" className="size-4 shrink-0" />
            <span className="sr-only">Time: </span>
            {tourDate.time}
          </p>
          <p className="flex items-center gap-2">
            <MapPin aria-hidden="true" className="size-4 shrink-0" />
            <span className="sr-only">Location: </span>
            {tourDate.location}
          </p>
        </div>
        {slots && slots.length > 0 && <SlotsLeft slots={slots} />}
      </CardContent>
      <CardFooter className="flex flex-wrap gap-2">
        <Button className="grow basis-40" onClick={onBook} aria-describedby={titleId}>
          Book Vendor Slot
        </Button>
        <Button asChild variant="outline" className="grow basis-32">
          <Link href={detailsHref} aria-describedby={titleId}>
            Show details
          </Link>
        </Button>
      </CardFooter>
    </Card>
  );
}
