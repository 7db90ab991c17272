import { useState } from "react";
import type { StoreRelease } from "@shared/store";
import { formatMoney } from "@shared/money";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { BuyForm } from "./buy-form";

type Track = StoreRelease["tracks"][number];

/**
 * A track's own "Buy" action, shown only when the release sells single tracks: its price on the
 * button, then the e-mail and card steps in a dialog. The server charges the track price whatever
 * the page says.
 */
export function TrackBuyButton({ release, track }: { release: StoreRelease; track: Track }) {
  const [open, setOpen] = useState(false);
  if (!release.trackPrice) return null;
  const price = formatMoney(release.trackPrice);
  return (
    <>
      <Button
        type="button"
        size="sm"
        variant="outline"
        aria-label={`Buy ${track.title} for ${price}`}
        onClick={() => setOpen(true)}
      >
        Buy {price}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        {open && (
          <DialogContent>
            <DialogHeader>
              <DialogTitle>{track.title}</DialogTitle>
              <DialogDescription>
                From {release.title} by {release.artist} · {price}
              </DialogDescription>
            </DialogHeader>
            <BuyForm release={release} track={track} />
          </DialogContent>
        )}
      </Dialog>
    </>
  );
}
