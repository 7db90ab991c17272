import { zodResolver } from "@hookform/resolvers/zod";
import { forwardRef, type FormEvent, type ForwardedRef } from "react";
import { useForm } from "react-hook-form";
import { checkInSchema } from "@shared/check-ins";
import { Button } from "@/components/ui/button";
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { showFieldErrors } from "@/lib/form-errors";

/** The scan's own rule for the typed code (the event is the door's choice, not the form's). */
const codeEntrySchema = checkInSchema.pick({ code: true });
type CodeEntryValues = { code: string };

/** Hands the element to both react-hook-form (to focus a field error) and the desk (to focus the field). */
function bothRefs(own: (element: HTMLInputElement | null) => void, forwarded: ForwardedRef<HTMLInputElement>) {
  return (element: HTMLInputElement | null) => {
    own(element);
    if (typeof forwarded === "function") forwarded(element);
    else if (forwarded) forwarded.current = element;
  };
}

/**
 * The typed way in: a confirmation code read from paper or a phone (a USB or Bluetooth
 * scanner types into it too). The field is cleared and focused again by the desk once the
 * answer is in, so the next person can be checked in at once. A refusal of the code itself
 * (a 400's `fieldErrors`) is shown beside the field, through `showErrors` handed to `onSubmit`.
 */
export const CodeEntryForm = forwardRef<
  HTMLInputElement,
  { onSubmit: (code: string, showErrors: (error: unknown) => void) => void; pending: boolean }
>(function CodeEntryForm({ onSubmit, pending }, ref) {
  const form = useForm<CodeEntryValues>({ resolver: zodResolver(codeEntrySchema), defaultValues: { code: "" } });
  const code = form.watch("code");
  const send = form.handleSubmit(() => {
    onSubmit(code, (error) => showFieldErrors(form, error));
    form.reset({ code: "" });
  });
  // An empty field, or one sent a moment ago, sends nothing: Enter then does nothing.
  const submit = (event: FormEvent) => {
    if (code.trim() === "" || pending) return event.preventDefault();
    return send(event);
  };
  return (
    <Form {...form}>
      <form onSubmit={submit} noValidate className="grid gap-2" aria-label="Check in by code">
        <FormField
          control={form.control}
          name="code"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Confirmation code</FormLabel>
              <div className="flex flex-wrap gap-2">
                <FormControl>
                  <Input
                    {...field}
                    ref={bothRefs(field.ref, ref)}
                    autoComplete="off"
                    autoCapitalize="characters"
                    spellCheck={false}
                    enterKeyHint="go"
                    placeholder="e.g. ABCD-EF2345"
                    className="h-12 min-w-0 flex-1 basis-48 font-mono text-lg uppercase tracking-wider placeholder:normal-case placeholder:tracking-normal md:text-lg"
                  />
                </FormControl>
                <Button type="submit" size="lg" className="h-12" disabled={pending || code.trim() === ""}>
                  {pending ? "Checking..." : "Check in"}
                </Button>
              </div>
              <FormMessage />
            </FormItem>
          )}
        />
      </form>
    </Form>
  );
});
