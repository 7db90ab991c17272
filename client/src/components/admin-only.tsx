import type { ReactNode } from "react";
import { ShieldAlert } from "lucide-react";
import { Link } from "wouter";
import { useCurrentUser } from "@/lib/auth";
import { Button } from "@/components/ui/button";

/**
 * Management pages are for administrators. Anyone else sees a plain explanation instead of
 * buttons the server would refuse; the server checks every write anyway.
 */
export function AdminOnly({ children }: { children: ReactNode }) {
  const { isAdmin, isLoading } = useCurrentUser();
  if (isLoading) return null;
  if (isAdmin) return <>{children}</>;
  return (
    <section
      aria-labelledby="admin-required-title"
      className="mx-auto flex max-w-md flex-col items-center gap-3 rounded-xl border bg-card p-8 text-center"
    >
      <ShieldAlert aria-hidden="true" className="size-10 text-muted-foreground" />
      <h2 id="admin-required-title" className="text-xl font-semibold">
        Administrator access required
      </h2>
      <p className="text-muted-foreground">
        This page is for label administrators. Ask an administrator for access, or enter the master code on the home
        page if you have one.
      </p>
      <Button asChild variant="outline">
        <Link href="/">Back to home</Link>
      </Button>
    </section>
  );
}
