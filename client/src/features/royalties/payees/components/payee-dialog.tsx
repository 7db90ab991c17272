import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { payeeInputSchema, type Payee, type PayeeInput } from "@shared/royalty-catalogue";
import { TextField } from "@/components/form-fields/text-field";
import { EditorDialog, EditorFooter, type EditorDialogProps } from "@/components/management";
import { DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Form } from "@/components/ui/form";
import { toast } from "@/hooks/use-toast";
import { showFieldErrors } from "@/lib/form-errors";
import { useSavePayee } from "../api";

export function PayeeDialog(props: EditorDialogProps<Payee>) {
  return <EditorDialog {...props}>{(payee, close) => <PayeeForm payee={payee} onDone={close} />}</EditorDialog>;
}

function PayeeForm({ payee, onDone }: { payee: Payee | null; onDone: () => void }) {
  const form = useForm({
    resolver: zodResolver(payeeInputSchema),
    defaultValues: {
      name: payee?.name ?? "",
      email: payee?.email ?? "",
      artistName: payee?.artistName ?? "",
      platformShare: payee?.platformShare ?? "0.00",
    },
  });
  const { control } = form;
  const save = useSavePayee(payee?.id ?? null);
  const submit = (values: PayeeInput) =>
    save.mutate(values, {
      onSuccess: () => {
        toast({ title: "Success", description: payee ? "Payee updated" : "Payee added" });
        onDone();
      },
      onError: (error) => showFieldErrors(form, error),
    });

  return (
    <>
      <DialogHeader>
        <DialogTitle>{payee ? "Edit payee" : "New payee"}</DialogTitle>
        <DialogDescription>
          Someone paid a share of royalties: an artist, a producer, a featured artist.
        </DialogDescription>
      </DialogHeader>
      <Form {...form}>
        <form onSubmit={form.handleSubmit(submit)} noValidate className="grid gap-4">
          <TextField control={control} name="name" label="Name" />
          <TextField
            control={control}
            name="email"
            label="Email"
            type="email"
            description="Signed in with this address, they read their own statements."
          />
          <TextField
            control={control}
            name="artistName"
            label="Artist name (optional)"
            description="The artist name the platform's own ticket, merchandise and vendor sales carry."
          />
          <TextField
            control={control}
            name="platformShare"
            label="Platform share (%)"
            inputMode="decimal"
            description="The percent of the platform's own income for that artist credited to this payee."
          />
          <EditorFooter onCancel={onDone} pending={save.isPending} submitLabel={payee ? "Save" : "Add payee"} />
        </form>
      </Form>
    </>
  );
}
