import type { Release } from "@shared/royalty-catalogue";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { SplitsEditor } from "./splits-editor";

/** The splits editor of one release, in a dialog. */
export function SplitsDialog({ release, onClose }: { release: Release | null; onClose: () => void }) {
  return (
    <Dialog open={release !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
        {release && (
          <>
            <DialogHeader>
              <DialogTitle>Splits of {release.title}</DialogTitle>
              <DialogDescription>
                Each payee's percent of the release's net receipts; what the shares leave is the label's.
              </DialogDescription>
            </DialogHeader>
            <SplitsEditor releaseId={release.id} />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
