import { useQuery } from "@tanstack/react-query";
import { Music } from "lucide-react";
import { PageLoading } from "@/components/page-loading";
import { LoadError } from "@/components/page-shell";
import { ApiError } from "@/lib/api-request";
import { myRoyaltyStatementsQuery } from "../api";
import { MyStatementsList } from "./my-statements-list";

/** The signed-in member's statements, or why there are none. */
export function MyStatements() {
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
