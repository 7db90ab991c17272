import { ArrowLeft } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";

/** Back to the home page; a page passes it to PageShell's `back`, above its title. */
export function BackLink() {
  return (
    <Button asChild variant="ghost" size="sm" className="-ml-2">
      <Link href="/">
        <ArrowLeft aria-hidden="true" />
        Back
      </Link>
    </Button>
  );
}
