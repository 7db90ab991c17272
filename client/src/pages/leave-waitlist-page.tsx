import { useParams } from "wouter";
import { Link } from "wouter";
import { PageShell } from "@/components/page-shell";
import { Button } from "@/components/ui/button";
import { ApiError } from "@/lib/api-request";
import { useLeaveWaitlist } from "@/features/tickets/waitlist-api";

/**
 * The waiting-list e-mail's "Leave the waiting list", for anyone holding the link, signed in or
 * not. Leaving takes a click, not the visit: mail scanners open links, and opening one must not
 * give someone's place away.
 */
export function LeaveWaitlistPage() {
  const { token = "" } = useParams<{ token: string }>();
  const leave = useLeaveWaitlist();
  const gone = leave.error instanceof ApiError && leave.error.status === 404;
  return (
    <PageShell title="Leave the waiting list" description="Give your place in line to the next person">
      <div className="grid max-w-md gap-4">
        {leave.isSuccess ? (
          <p role="status" className="rounded-lg border bg-card p-4">
            You have left the waiting list. Any tickets held for you go to the next person in line.
          </p>
        ) : gone ? (
          <p role="alert" className="rounded-lg border bg-card p-4">
            This link is no longer on the waiting list: you left it already, or your turn has passed.
          </p>
        ) : (
          <>
            <p>You will no longer be e-mailed if tickets come back.</p>
            <Button type="button" disabled={leave.isPending} onClick={() => leave.mutate(token)}>
              {leave.isPending ? "Leaving..." : "Leave the waiting list"}
            </Button>
          </>
        )}
        <Link href="/" className="underline underline-offset-4">
          Back to the home page
        </Link>
      </div>
    </PageShell>
  );
}
