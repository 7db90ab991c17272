import { PageShell } from "@/components/page-shell";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { DemoNotice } from "@/features/demo/components/demo-notice";
import { ContractTemplates } from "@/features/demo/components/session/contract-templates";
import { MusicianList } from "@/features/demo/components/session/musician-list";

/** /session: Session Musicians, demonstration only. */
export function SessionPage() {
  return (
    <PageShell title="Session Musicians" description="Hire professional musicians and use our contract templates">
      <DemoNotice>The musicians are samples and hiring is not open yet. Contract templates can be printed.</DemoNotice>
      <Tabs defaultValue="hire">
        <TabsList>
          <TabsTrigger value="hire">Hire Musicians</TabsTrigger>
          <TabsTrigger value="contracts">Contracts</TabsTrigger>
        </TabsList>
        <TabsContent value="hire">
          <MusicianList />
        </TabsContent>
        <TabsContent value="contracts">
          <ContractTemplates />
        </TabsContent>
      </Tabs>
    </PageShell>
  );
}
