import { forwardRef, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

/**
 * The typed way in: a confirmation code read from paper or a phone (a USB or Bluetooth
 * scanner types into it too). The field is cleared and focused again by the desk once the
 * answer is in, so the next person can be checked in at once.
 */
export const CodeEntryForm = forwardRef<HTMLInputElement, { onSubmit: (code: string) => void; pending: boolean }>(
  function CodeEntryForm({ onSubmit, pending }, ref) {
    const [code, setCode] = useState("");
    const submit = (event: FormEvent) => {
      event.preventDefault();
      if (code.trim() === "" || pending) return;
      onSubmit(code);
      setCode("");
    };
    return (
      <form onSubmit={submit} className="grid gap-2" aria-label="Check in by code">
        <Label htmlFor="check-in-code">Confirmation code</Label>
        <div className="flex flex-wrap gap-2">
          <Input
            id="check-in-code"
            ref={ref}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            enterKeyHint="go"
            placeholder="e.g. ABCD-EF2345"
            className="h-12 min-w-0 flex-1 basis-48 font-mono text-lg uppercase tracking-wider placeholder:normal-case placeholder:tracking-normal md:text-lg"
          />
          <Button type="submit" size="lg" className="h-12" disabled={pending || code.trim() === ""}>
            {pending ? "Checking..." : "Check in"}
          </Button>
        </div>
      </form>
    );
  },
);
