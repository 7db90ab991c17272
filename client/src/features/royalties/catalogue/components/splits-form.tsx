import { zodResolver } from "@hookform/resolvers/zod";
import { Plus, Trash2 } from "lucide-react";
import { useFieldArray, useForm, useWatch } from "react-hook-form";
import {
  shareHundredths,
  shareText,
  sharesTooHighMessage,
  splitsInputSchema,
  WHOLE_SHARE,
  type Split,
  type SplitsInput,
} from "@shared/royalty-catalogue";
import { TextField } from "@/components/form-fields/text-field";
import { Button } from "@/components/ui/button";
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { inputClassName } from "@/components/ui/input";
import { toast } from "@/hooks/use-toast";
import { showFieldErrors } from "@/lib/form-errors";
import { cn } from "@/lib/utils";
import { formatPercent } from "@shared/formats";

export interface PayeeOption {
  id: string;
  name: string;
}

/** What the shares typed so far leave to the label, in whole hundredths (shares not yet valid count as 0). */
export function labelHundredths(shares: readonly (string | undefined)[]): number {
  const valid = shares.filter((share): share is string => /^\d{1,3}(\.\d{1,2})?$/.test((share ?? "").trim()));
  return WHOLE_SHARE - valid.reduce((sum, share) => sum + shareHundredths(share.trim()), 0);
}

/**
 * One set of splits (a release's or a track's own): payee and share per row, and the label's
 * share as it is typed. Saving replaces the set; an empty set removes it.
 */
export function SplitsForm({
  legend,
  initial,
  payees,
  onSave,
  pending,
  emptyNote,
}: {
  legend: string;
  initial: Split[];
  payees: PayeeOption[];
  onSave: (body: SplitsInput) => Promise<unknown>;
  pending: boolean;
  emptyNote: string;
}) {
  const form = useForm({
    resolver: zodResolver(splitsInputSchema),
    defaultValues: { splits: initial.map(({ payeeId, share }) => ({ payeeId, share })) },
  });
  const { control } = form;
  const { fields, append, remove } = useFieldArray({ control, name: "splits" });
  const shares = useWatch({ control, name: "splits" }).map((split) => split?.share);
  const left = labelHundredths(shares);
  const totalError = form.formState.errors.splits?.root?.message ?? form.formState.errors.splits?.message;

  const submit = (body: SplitsInput) =>
    onSave(body).then(
      () => toast({ title: "Success", description: `${legend}: splits saved` }),
      // The query client's toast says what failed; its field messages go beside the fields.
      (error: unknown) => void showFieldErrors(form, error),
    );

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(submit)} noValidate aria-label={legend} className="grid gap-3">
        <fieldset className="grid gap-3">
          <legend className="mb-1 font-semibold">{legend}</legend>
          {fields.length === 0 && <p className="text-sm text-muted-foreground">{emptyNote}</p>}
          <ol className="grid gap-2">
            {fields.map((split, index) => (
              <li key={split.id} className="grid grid-cols-[1fr_auto] items-end gap-2 sm:grid-cols-[1fr_8rem_auto]">
                <FormField
                  control={control}
                  name={`splits.${index}.payeeId`}
                  render={({ field }) => (
                    <FormItem className="col-span-2 sm:col-span-1">
                      <FormLabel>{`Payee ${index + 1}`}</FormLabel>
                      <FormControl>
                        <select {...field} className={cn(inputClassName, "bg-background pr-8")}>
                          <option value="">Choose a payee</option>
                          {payees.map((payee) => (
                            <option key={payee.id} value={payee.id}>
                              {payee.name}
                            </option>
                          ))}
                        </select>
                      </FormControl>
                      <FormMessage />
                    </FormItem>
                  )}
                />
                <TextField
                  control={control}
                  name={`splits.${index}.share`}
                  label={`Share ${index + 1} (%)`}
                  inputMode="decimal"
                  placeholder="50.00"
                />
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove payee ${index + 1}`}
                  className="text-destructive hover:text-destructive"
                  onClick={() => remove(index)}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ol>
          <p
            aria-live="polite"
            className={cn("text-sm", left < 0 ? "font-medium text-destructive" : "text-muted-foreground")}
          >
            {left < 0
              ? sharesTooHighMessage(shareText(WHOLE_SHARE - left))
              : `Label's share: ${formatPercent(shareText(left))}`}
          </p>
          {totalError && left >= 0 && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {totalError}
            </p>
          )}
        </fieldset>
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" onClick={() => append({ payeeId: "", share: "" })}>
            <Plus aria-hidden="true" />
            Add payee
          </Button>
          <Button type="submit" disabled={pending}>
            Save splits
          </Button>
        </div>
      </form>
    </Form>
  );
}
