import { AdminOnly } from "@/components/admin-only";
import { LoadError, PageShell } from "@/components/page-shell";
import { PageLoading } from "@/components/page-loading";
import { useRoyaltyImports } from "@/features/royalties/imports/api";
import { ImportList } from "@/features/royalties/imports/components/import-list";
import { ImportUploadForm } from "@/features/royalties/imports/components/import-upload-form";
import { UnmatchedSummary } from "@/features/royalties/imports/components/unmatched-summary";

/** /admin/royalty-imports: upload a distributor's report, and follow every import. */
export function AdminRoyaltyImportsPage() {
  const imports = useRoyaltyImports();
  return (
    <PageShell title="Royalty Imports" description="Distributors' reports: upload one, and see what each import added">
      <AdminOnly>
        <div className="grid gap-8">
          <section aria-labelledby="upload-heading" className="grid gap-3">
            <h2 id="upload-heading" className="text-lg font-semibold">
              Import a report
            </h2>
            <ImportUploadForm />
          </section>
          <section aria-labelledby="imports-heading" className="grid gap-3">
            <h2 id="imports-heading" className="text-lg font-semibold">
              Imports
            </h2>
            <UnmatchedSummary />
            {imports.isPending && <PageLoading label="Loading imports..." />}
            {imports.isError && (
              <LoadError what="the imports" onRetry={() => void imports.refetch()} error={imports.error} />
            )}
            {imports.data && <ImportList imports={imports.data} />}
          </section>
        </div>
      </AdminOnly>
    </PageShell>
  );
}
