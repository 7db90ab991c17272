import { AlertCircle } from "lucide-react";
import { Link } from "wouter";
import { useDocumentTitle } from "@/lib/document-title";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";

/** Any unknown path. */
export function NotFoundPage() {
  useDocumentTitle("Page not found");
  return (
    <main
      id="main-content"
      tabIndex={-1}
      className="flex min-h-dvh w-full items-center justify-center px-4 outline-hidden"
    >
      <Card className="w-full max-w-md">
        <CardContent className="pt-6">
          <div className="flex items-center gap-2">
            <AlertCircle className="size-8 shrink-0 text-destructive" aria-hidden="true" />
            <h1 className="text-2xl font-bold">404 Page Not Found</h1>
          </div>
          <p className="mt-4 text-sm text-muted-foreground">Did you forget to add the page to the router?</p>
          <Button asChild variant="outline" className="mt-6">
            <Link href="/">Go to the home page</Link>
          </Button>
        </CardContent>
      </Card>
    </main>
  );
}
