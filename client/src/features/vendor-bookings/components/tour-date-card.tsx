import { CalendarDays, Clock, MapPin } from "lucide-react";
import { useId } from "react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import type { VendorTourDate } from "../api";

/** Artist, date, time, location, 'Book Vendor Slot' and the show's page. */
export function TourDateCard({
  tourDate,
  detailsHref,
  onBook,
}: {
  tourDate: VendorTourDate;
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
      <CardContent className="grid flex-1 gap-2 text-sm text-muted-foreground">
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
