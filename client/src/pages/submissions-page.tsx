import { PageShell } from "@/components/page-shell";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { DemoNotice } from "@/features/demo/components/demo-notice";
import { SubmissionForm } from "@/features/demo/components/submissions/submission-form";
import { SubmissionStatusList } from "@/features/demo/components/submissions/submission-status-list";

/** /submissions (also /ar, /dashboard/submissions): demonstration only. */
export function SubmissionsPage() {
  return (
    <PageShell title="Music Submissions" description="Submit your tracks for A&R review and follow their status">
      <DemoNotice>
        Submissions are not open yet: the form and the statuses below are samples, and nothing is uploaded.
      </DemoNotice>
      <Tabs defaultValue="submit">
        <TabsList>
          <TabsTrigger value="submit">Submit Music</TabsTrigger>
          <TabsTrigger value="status">Submission Status</TabsTrigger>
        </TabsList>
        <TabsContent value="submit" className="max-w-3xl">
          <SubmissionForm />
        </TabsContent>
        <TabsContent value="status">
          <SubmissionStatusList />
        </TabsContent>
      </Tabs>
    </PageShell>
  );
}
