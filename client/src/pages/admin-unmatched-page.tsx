import { AdminOnly } from "@/components/admin-only";
import { LoadError, PageShell } from "@/components/page-shell";
import { PageLoading } from "@/components/page-loading";
import { useUnmatchedCodes } from "@/features/royalties/imports/api";
import { UnmatchedCodesList } from "@/features/royalties/imports/components/unmatched-codes-list";

/** /admin/unmatched: the codes no track or release matched, each to assign. */
export function AdminUnmatchedPage() {
  const codes = useUnmatchedCodes();
  return (
    <PageShell title="Unmatched Lines" description="Report lines whose ISRC or UPC the catalogue does not know">
      <AdminOnly>
        {codes.isPending && <PageLoading label="Loading unmatched lines..." />}
        {codes.isError && (
          <LoadError what="the unmatched lines" onRetry={() => void codes.refetch()} error={codes.error} />
        )}
        {codes.data && <UnmatchedCodesList codes={codes.data} />}
      </AdminOnly>
    </PageShell>
  );
}
