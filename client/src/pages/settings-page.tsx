import { PageLoading } from "@/components/page-loading";
import { PageShell } from "@/components/page-shell";
import { useCurrentUser } from "@/lib/auth";
import { LabelSettingsForm } from "@/features/label/components/label-settings-form";

/** /settings (also /dashboard/settings): the label's name and logo. */
export function SettingsPage() {
  const { user } = useCurrentUser();
  return (
    <PageShell title="Label Settings" description="Your label's name and logo appear in the header of your dashboard.">
      {user ? <LabelSettingsForm user={user} /> : <PageLoading label="Loading settings..." className="min-h-40" />}
    </PageShell>
  );
}
