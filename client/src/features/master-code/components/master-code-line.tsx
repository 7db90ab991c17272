import { useQuery } from "@tanstack/react-query";
import { KeyRound } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { appConfigQuery } from "@/lib/app-config";
import { useCurrentUser } from "@/lib/auth";
import { MasterCodeDialog } from "./master-code-dialog";

/**
 * 'Need master access? Enter master code'. Hidden for administrators; when
 * the server has no master code configured it says who grants access instead.
 */
export function MasterCodeLine() {
  const { isAuthenticated, isAdmin } = useCurrentUser();
  const config = useQuery({ ...appConfigQuery, enabled: isAuthenticated && !isAdmin });
  const [open, setOpen] = useState(false);

  if (!isAuthenticated || isAdmin || config.isLoading) return null;

  // If the settings could not be read, offer the dialog anyway: the server has the last word.
  const enabled = config.data?.masterCodeEnabled ?? true;

  return (
    <p className="flex flex-wrap items-center gap-x-1 text-sm text-muted-foreground">
      <KeyRound aria-hidden="true" className="mr-1 size-4" />
      Need master access?
      {enabled ? (
        <>
          <Button type="button" variant="link" className="h-auto p-0" onClick={() => setOpen(true)}>
            Enter master code
          </Button>
          <MasterCodeDialog open={open} onOpenChange={setOpen} />
        </>
      ) : (
        <span>Master access is granted by an administrator.</span>
      )}
    </p>
  );
}
