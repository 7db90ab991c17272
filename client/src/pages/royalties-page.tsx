import { useQuery } from "@tanstack/react-query";
import { Music } from "lucide-react";
import { PageLoading } from "@/components/page-loading";
import { LoadError, PageShell } from "@/components/page-shell";
import { myRoyaltyStatementsQuery } from "@/features/royalty-statements/api";
import { MyStatementsList } from "@/features/royalty-statements/components/my-statements-list";
import { ApiError } from "@/lib/api-request";

/** /royalties: the signed-in member's royalty statements, when their e-mail is a payee's. */
export function RoyaltiesPage() {
  return (
    <PageShell title="Royalties" description="Your royalty statements, newest first">
      <Statements />
    </PageShell>
  );
}

function Statements() {
  const query = useQuery({ ...myRoyaltyStatementsQuery, retry: false });
  if (query.isPending) return <PageLoading label="Loading your statements..." className="min-h-40" />;
  // A 404 means this account is no payee: not an error, just nothing to show.
  if (query.isError && !(query.error instanceof ApiError && query.error.status === 404))
    return <LoadError what="your statements" onRetry={() => void query.refetch()} error={query.error} />;
  const statements = query.data ?? [];
  if (statements.length === 0) {
    return (
      <section className="flex flex-col items-center gap-3 rounded-lg border border-dashed bg-card/60 p-10 text-center">
        <Music aria-hidden="true" className="size-10 text-muted-foreground" />
        <h2 className="text-xl font-semibold">No Royalty Statements</h2>
        <p className="max-w-md text-muted-foreground">
          Statements appear here once the label pays you royalties and closes a period. The label must know you by the
          e-mail address you sign in with.
        </p>
      </section>
    );
  }
  return <MyStatementsList statements={statements} />;
}
