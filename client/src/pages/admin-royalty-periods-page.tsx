import { AdminOnly } from "@/components/admin-only";
import { PageShell } from "@/components/page-shell";
import { CreatePeriodForm } from "@/features/royalties/periods/components/create-period-form";
import { PeriodList } from "@/features/royalties/periods/components/period-list";

/** /admin/royalty-periods: open periods, close them, and read and pay each payee's statement. */
export function AdminRoyaltyPeriodsPage() {
  return (
    <PageShell title="Royalty Periods" description="Close a period to lock every payee's statement">
      <AdminOnly>
        <div className="grid gap-6">
          <CreatePeriodForm />
          <PeriodList />
        </div>
      </AdminOnly>
    </PageShell>
  );
}
