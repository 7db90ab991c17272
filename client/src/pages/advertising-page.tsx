import { PageShell } from "@/components/page-shell";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { AdPackages } from "@/features/demo/components/advertising/ad-packages";
import { AdUploadForm } from "@/features/demo/components/advertising/ad-upload-form";
import { DemoNotice } from "@/features/demo/components/demo-notice";

/** /advertising: demonstration only. */
export function AdvertisingPage() {
  return (
    <PageShell title="Advertising" description="Promote your music across the label's channels">
      <DemoNotice>Advertising is not open yet: nothing is uploaded, submitted or charged.</DemoNotice>
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2>Upload Advertisement</h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <AdUploadForm />
          </CardContent>
        </Card>
        <section aria-labelledby="ad-packages" className="grid gap-4">
          <h2 id="ad-packages" className="text-xl font-semibold">
            Advertising Packages
          </h2>
          <AdPackages />
        </section>
      </div>
    </PageShell>
  );
}
