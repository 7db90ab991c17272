import type { PublicMerchandiseOrder } from "@shared/merchandise-fulfilment";
import { formatMoney } from "@shared/money";
import { Button } from "@/components/ui/button";

const STATE: Record<PublicMerchandiseOrder["downloads"][number]["status"], string> = {
  pending: "Waiting for payment",
  paid: "Ready",
  free: "Ready",
  redeemed: "Ready",
  refunded: "Refunded",
};

/** The downloads bought with an order: each with its price and, while it downloads, its page. */
export function OrderDownloads({
  downloads,
  headingLevel = 2,
}: {
  downloads: PublicMerchandiseOrder["downloads"];
  /** 3 inside the admins' order dialog, whose title is the h2. */
  headingLevel?: 2 | 3;
}) {
  if (downloads.length === 0) return null;
  const Heading = headingLevel === 3 ? "h3" : "h2";
  return (
    <section aria-labelledby="downloads-heading" className="grid gap-3 rounded-lg border bg-card/90 p-5">
      <Heading id="downloads-heading" className="text-lg font-semibold">
        Downloads
      </Heading>
      <ul className="grid gap-3">
        {downloads.map((download, index) => (
          <li key={index} className="flex flex-wrap items-center justify-between gap-3">
            <div className="min-w-0">
              <p className="font-medium break-words">{download.title}</p>
              <p className="text-sm text-muted-foreground">
                {download.artist} · {formatMoney(download.amount)} · {STATE[download.status]}
              </p>
            </div>
            {download.downloadPath && (
              <Button asChild size="sm" variant="outline">
                <a href={download.downloadPath} aria-label={`Download ${download.title}`}>
                  Download
                </a>
              </Button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
