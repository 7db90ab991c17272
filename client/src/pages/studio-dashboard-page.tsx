import { ShieldCheck } from "lucide-react";
import { STUDIO_STATS } from "@shared/constants";
import { PageShell } from "@/components/page-shell";
import { Badge } from "@/components/ui/badge";
import { DemoNotice } from "@/features/demo/components/demo-notice";
import { ActivityList } from "@/features/studio/components/activity-list";
import { StatCard } from "@/features/studio/components/stat-card";
import { RECENT_SUBMISSIONS, UPCOMING_SESSIONS } from "@/features/studio/sample-activity";

/** /dashboard (also /studio): the studio dashboard, static sample content. */
export function StudioDashboardPage() {
  const badge = (
    <Badge className="px-3 py-1 text-sm">
      <ShieldCheck aria-hidden="true" />
      Master Access
    </Badge>
  );
  return (
    <PageShell title="Studio Department" description="Welcome back, Admin" actions={badge}>
      {/* Every member sees the sample greeting and badge, so the notice says they are not about them. */}
      <DemoNotice>
        A sample of the studio dashboard: the greeting, the badge, the figures and the lists are placeholder content,
        not your account. Live studio statistics are not connected yet.
      </DemoNotice>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {STUDIO_STATS.map((stat) => (
          <StatCard key={stat.label} stat={stat} />
        ))}
      </div>
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <ActivityList title="Recent Submissions" status="Pending" rows={RECENT_SUBMISSIONS} />
        <ActivityList title="Upcoming Sessions" status="Confirmed" rows={UPCOMING_SESSIONS} />
      </div>
    </PageShell>
  );
}
