import { AdminOnly } from "@/components/admin-only";
import { PageShell } from "@/components/page-shell";
import { SubmissionsInbox } from "@/features/submissions/components/submissions-inbox";

/** /admin/submissions: the A&R inbox (docs/product.md, "Music Submissions"). */
export function AdminSubmissionsPage() {
  return (
    <PageShell title="A&R" description="Listen to every submitted track and answer each artist by the promised date.">
      <AdminOnly>
        <SubmissionsInbox />
      </AdminOnly>
    </PageShell>
  );
}
