import { ArrowLeft } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";

export function BackLink() {
  return (
    <Button asChild variant="ghost" size="sm" className="-ml-2 mb-4">
      <Link href="/">
        <ArrowLeft aria-hidden="true" />
        Back
      </Link>
    </Button>
  );
}
