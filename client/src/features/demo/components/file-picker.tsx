import { useId, useState } from "react";
import { FileUp } from "lucide-react";
import { Label } from "@/components/ui/label";

/**
 * A labelled file input shown as a drop area (the transparent input covers it, so a click or
 * Enter anywhere opens the picker). The chosen file only stays in the page.
 */
export function FilePicker({ label, accept, hint }: { label: string; accept: string; hint: string }) {
  const id = useId();
  const [fileName, setFileName] = useState<string | null>(null);
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="relative flex flex-col items-center gap-2 rounded-lg border-2 border-dashed bg-muted/30 px-4 py-8 text-center transition-colors hover:bg-muted/60 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring">
        <FileUp aria-hidden="true" className="size-8 text-muted-foreground" />
        <span aria-hidden="true" className="text-sm font-medium">
          {fileName ?? "Choose a file"}
        </span>
        <span id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </span>
        <input
          id={id}
          type="file"
          accept={accept}
          aria-describedby={`${id}-hint`}
          className="absolute inset-0 size-full cursor-pointer opacity-0"
          onChange={(e) => setFileName(e.target.files?.[0]?.name ?? null)}
        />
      </div>
    </div>
  );
}
