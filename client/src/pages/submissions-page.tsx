import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { PageShell } from "@/components/page-shell";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { DemoNotice } from "@/features/demo/components/demo-notice";
import { SubmissionStatusList } from "@/features/demo/components/submissions/submission-status-list";
import { MySubmissionsList } from "@/features/submissions/components/my-submissions-list";
import { SubmitTrackForm } from "@/features/submissions/components/submit-track-form";
import { appConfigQuery } from "@/lib/app-config";

/**
 * /submissions (also /ar, /dashboard/submissions): a member sends a track for A&R review and
 * follows its status (docs/product.md, "Music Submissions"). The sample cards show only while
 * the label runs with demonstration content.
 */
export function SubmissionsPage() {
  const [tab, setTab] = useState("submit");
  const config = useQuery(appConfigQuery);
  return (
    <PageShell title="Music Submissions" description="Submit your tracks for A&R review and follow their status">
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList>
          <TabsTrigger value="submit">Submit Music</TabsTrigger>
          <TabsTrigger value="status">Submission Status</TabsTrigger>
        </TabsList>
        <TabsContent value="submit" className="max-w-3xl">
          <SubmitTrackForm onSubmitted={() => setTab("status")} />
        </TabsContent>
        <TabsContent value="status" className="grid gap-6">
          <MySubmissionsList />
          {config.data?.demoContent && (
            <section aria-labelledby="sample-submissions" className="grid gap-3">
              <h2 id="sample-submissions" className="text-lg font-semibold">
                Sample submissions
              </h2>
              <DemoNotice>These cards are demonstration samples, not submissions of yours.</DemoNotice>
              <SubmissionStatusList />
            </section>
          )}
        </TabsContent>
      </Tabs>
    </PageShell>
  );
}
