import { UtensilsCrossed } from "lucide-react";
import { Link } from "wouter";
import { VENDOR_SPOTS } from "@shared/constants";
import { Button } from "@/components/ui/button";

const lowestPrice = Math.min(...Object.values(VENDOR_SPOTS).map((spot) => spot.price));

/** The Food Vendors call to action, to /vendor-booking (open to any visitor). */
export function VendorCtaSection() {
  return (
    <section aria-labelledby="vendors-heading" className="pb-16 sm:pb-20">
      <div className="mx-auto max-w-6xl px-4">
        <div className="flex flex-col gap-6 rounded-2xl border bg-card p-6 shadow-sm sm:p-10 md:flex-row md:items-center md:justify-between">
          <div className="flex gap-5">
            <span className="grid size-14 shrink-0 place-items-center rounded-xl bg-primary/15 text-primary">
              <UtensilsCrossed className="size-7" aria-hidden="true" />
            </span>
            <div>
              <h2 id="vendors-heading" className="font-display text-2xl font-bold tracking-tight sm:text-3xl">
                Food Vendors
              </h2>
              <p className="mt-2 max-w-xl text-muted-foreground">
                Bring your truck or stand to our shows. Standard, premium and deluxe spots at every tour date, from $
                {lowestPrice}.
              </p>
            </div>
          </div>
          <Button asChild size="lg" variant="outline" className="self-start md:self-auto">
            <Link href="/vendor-booking">Book a Vendor Slot</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
