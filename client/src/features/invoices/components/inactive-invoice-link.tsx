import { Link2Off } from "lucide-react";
import { Card, CardContent } from "@/components/ui/card";

export const INACTIVE_LINK_TEXT = "This invoice link isn't active. Ask the sender for a new one.";

/**
 * What a client sees at a link that opens no invoice (mistyped, altered, never sent, or
 * deleted): plain words about the link and what to do, not the app's "page not found".
 */
export function InactiveInvoiceLink() {
  return (
    <div className="flex min-h-dvh items-center justify-center px-4 py-8">
      <Card className="w-full max-w-md">
        <CardContent className="grid gap-3 pt-6">
          <div className="flex items-center gap-3">
            <Link2Off aria-hidden="true" className="size-7 shrink-0 text-muted-foreground" />
            <h1 className="text-2xl font-semibold">Invoice unavailable</h1>
          </div>
          <p className="text-muted-foreground">{INACTIVE_LINK_TEXT}</p>
        </CardContent>
      </Card>
    </div>
  );
}
