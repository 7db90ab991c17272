import { useId, useState } from "react";
import type { FormEvent } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/hooks/use-toast";
import { ApiError, errorMessage } from "@/lib/api-request";
import { useEnterMasterCode } from "../api";

export function MasterCodeDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const inputId = useId();
  const errorId = useId();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const enterCode = useEnterMasterCode();
  // 429: the server locked master-code entry for a while; more tries cannot succeed now.
  const locked = enterCode.error instanceof ApiError && enterCode.error.status === 429;

  const changeOpen = (next: boolean) => {
    if (!next) {
      setCode("");
      setError(null);
      enterCode.reset();
    }
    onOpenChange(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setError("Enter the master code");
      return;
    }
    setError(null);
    // Awaited rather than per-call callbacks: success makes the user an admin, which removes
    // this dialog (the line is hidden for admins), and callbacks of an unmounted caller never run.
    try {
      await enterCode.mutateAsync(code.trim());
    } catch (err) {
      setError(errorMessage(err, "The master code could not be checked"));
      return;
    }
    toast({ title: "Master access granted", description: "You now have administrator access." });
    changeOpen(false);
  };

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent className="max-w-sm">
        <DialogHeader>
          <DialogTitle>Enter master code</DialogTitle>
          <DialogDescription>The master code gives your account administrator access.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor={inputId}>Master code</Label>
            <Input
              id={inputId}
              type="password"
              autoComplete="off"
              value={code}
              disabled={locked}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(event) => setCode(event.target.value)}
            />
            {error && (
              <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
                {error}
              </p>
            )}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => changeOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={enterCode.isPending || locked}>
              {enterCode.isPending ? "Checking..." : "Unlock"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
