import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { enterMasterCodeSchema, type EnterMasterCode, type EnterMasterCodeInput } from "@shared/master-code";
import { TextField } from "@/components/form-fields/text-field";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Form } from "@/components/ui/form";
import { toast } from "@/hooks/use-toast";
import { ApiError, errorMessage } from "@/lib/api-request";
import { showFieldErrors } from "@/lib/form-errors";
import { useEnterMasterCode } from "../api";

export function MasterCodeDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const form = useForm<EnterMasterCodeInput, unknown, EnterMasterCode>({
    resolver: zodResolver(enterMasterCodeSchema),
    defaultValues: { code: "" },
  });
  const enterCode = useEnterMasterCode();
  // 429: the server locked master-code entry for a while; more tries cannot succeed now.
  const locked = enterCode.error instanceof ApiError && enterCode.error.status === 429;

  const changeOpen = (next: boolean) => {
    if (!next) {
      form.reset();
      enterCode.reset();
    }
    onOpenChange(next);
  };

  const submit = async (values: EnterMasterCode) => {
    // Awaited rather than per-call callbacks: success makes the user an admin, which removes
    // this dialog (the line is hidden for admins), and callbacks of an unmounted caller never run.
    try {
      await enterCode.mutateAsync(values);
    } catch (error) {
      // A 400's field messages go beside the field; any other refusal (wrong code, locked, not
      // enabled) is said there too, in the server's words.
      if (!showFieldErrors(form, error)) {
        form.setError(
          "code",
          { type: "server", message: errorMessage(error, "The master code could not be checked") },
          { shouldFocus: true },
        );
      }
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
        <Form {...form}>
          <form onSubmit={form.handleSubmit(submit)} noValidate className="grid gap-4">
            <TextField
              control={form.control}
              name="code"
              label="Master code"
              type="password"
              autoComplete="off"
              disabled={locked}
            />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => changeOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={enterCode.isPending || locked}>
                {enterCode.isPending ? "Checking..." : "Unlock"}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
