import { PageShell } from "@/components/page-shell";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { ResourceList } from "@/features/development-resources/components/resource-list";
import { RESOURCE_TABS } from "@/features/development-resources/labels";

/** /development: Artist Development; each tab loads its own category. */
export function DevelopmentPage() {
  return (
    <PageShell title="Artist Development" description="Educational resources and mentorship programs">
      <Tabs defaultValue="all">
        <TabsList aria-label="Resource categories">
          {RESOURCE_TABS.map((tab) => (
            <TabsTrigger key={tab.value} value={tab.value}>
              {tab.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {RESOURCE_TABS.map((tab) => (
          <TabsContent key={tab.value} value={tab.value} className="mt-2">
            <ResourceList category={tab.value === "all" ? undefined : tab.value} />
          </TabsContent>
        ))}
      </Tabs>
    </PageShell>
  );
}
