import { CalendarX2 } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";

/** The page's shape while the show loads: title, when, where, then the two panels. */
export function ShowSkeleton() {
  return (
    <div role="status" className="grid gap-6">
      <span className="sr-only">Loading show…</span>
      <Skeleton className="h-4 w-24" />
      <Skeleton className="h-12 w-3/4 max-w-md" />
      <Skeleton className="h-6 w-64 max-w-full" />
      <Skeleton className="h-6 w-80 max-w-full" />
      <div className="grid gap-6 lg:grid-cols-2">
        <Skeleton className="h-48 rounded-xl" />
        <Skeleton className="h-48 rounded-xl" />
      </div>
    </div>
  );
}

/** An address that names no show: said plainly, with the ways on. */
export function ShowNotFound({ signedIn }: { signedIn: boolean }) {
  return (
    <section className="flex flex-col items-center gap-3 rounded-xl border border-dashed bg-card/60 p-10 text-center">
      <CalendarX2 aria-hidden="true" className="size-10 text-muted-foreground" />
      <h1 className="font-display text-2xl font-bold">Show not found</h1>
      <p className="max-w-md text-muted-foreground">
        This show does not exist or was removed. The tour dates list every show that is coming up.
      </p>
      <div className="mt-2 flex flex-wrap justify-center gap-3">
        {!signedIn && (
          <Button asChild>
            <a href="/#tour-dates">See tour dates</a>
          </Button>
        )}
        <Button asChild variant="outline">
          <Link href="/">Go to the home page</Link>
        </Button>
      </div>
    </section>
  );
}
