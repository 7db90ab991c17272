import { useEffect, useId, useRef, useState } from "react";
import type { ChangeEvent } from "react";
import { ImageIcon, LoaderCircle, Upload } from "lucide-react";
import {
  IMAGE_MAX_SIDE_PX,
  IMAGE_TOO_LARGE_MESSAGE,
  LOGO_ACCEPT,
  LOGO_MAX_BYTES,
  LOGO_MAX_MB,
  logoFileProblem,
} from "@shared/object-uploads";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { imageDimensions } from "@/lib/image-dimensions";
import { uploadFailureMessage, useObjectUpload } from "@/lib/object-upload";
import { toast } from "@/hooks/use-toast";

/**
 * The label logo picker: the image types the server takes, checked with the same
 * rule and against the logo size limit before any upload; the uploaded object path goes to `onUploaded` and is only saved with the form.
 */
export function LogoField({
  value,
  labelName,
  onUploaded,
}: {
  /** The logo to preview: the new upload, or the one saved on the label. */
  value: string | null;
  labelName: string;
  onUploaded: (objectPath: string) => void;
}) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const inputRef = useRef<HTMLInputElement>(null);
  const { status, upload } = useObjectUpload();
  const [localPreview, setLocalPreview] = useState<string | null>(null);

  useEffect(() => () => void (localPreview && URL.revokeObjectURL(localPreview)), [localPreview]);

  async function onFileChosen(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    const typeProblem = logoFileProblem(file);
    if (typeProblem) {
      toast({ title: "Upload failed", description: typeProblem, variant: "destructive" });
      return;
    }
    if (file.size > LOGO_MAX_BYTES) {
      toast({ title: "File too large", description: `Maximum file size is ${LOGO_MAX_MB}MB`, variant: "destructive" });
      return;
    }
    // The server refuses it too, but its refusal reaches this page only as "Upload failed".
    const size = await imageDimensions(file);
    if (size && (size.width > IMAGE_MAX_SIDE_PX || size.height > IMAGE_MAX_SIDE_PX)) {
      const description = `${IMAGE_TOO_LARGE_MESSAGE}; this one is ${size.width} × ${size.height}.`;
      toast({ title: "Image too large", description, variant: "destructive" });
      return;
    }
    setLocalPreview(URL.createObjectURL(file));
    try {
      onUploaded(await upload(file));
      toast({ title: "Upload Complete", description: "Logo uploaded successfully. Click 'Save Changes' to apply." });
    } catch (error) {
      setLocalPreview(null);
      toast({ title: "Upload failed", description: uploadFailureMessage(error), variant: "destructive" });
    }
  }

  const preview = localPreview ?? value;
  const uploading = status === "uploading";

  return (
    <div className="grid gap-2">
      <Label htmlFor={inputId}>Label Logo</Label>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <div className="flex size-28 shrink-0 items-center justify-center overflow-hidden rounded-xl border bg-muted">
          {preview ? (
            <img src={preview} alt={`${labelName.trim() || "Label"} logo preview`} className="size-full object-cover" />
          ) : (
            <ImageIcon aria-hidden="true" className="size-10 text-muted-foreground" />
          )}
        </div>
        <div className="grid gap-2">
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept={LOGO_ACCEPT}
            aria-describedby={hintId}
            className="sr-only"
            tabIndex={-1}
            onChange={onFileChosen}
            disabled={uploading}
          />
          <Button
            type="button"
            variant="outline"
            className="w-fit"
            disabled={uploading}
            onClick={() => inputRef.current?.click()}
          >
            {uploading ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <Upload aria-hidden="true" />}
            {uploading ? "Uploading..." : preview ? "Change Logo" : "Upload Logo"}
          </Button>
          <p id={hintId} className="text-sm text-muted-foreground">
            Upload a square PNG, JPG or GIF, max {LOGO_MAX_MB}MB.
          </p>
          <p role="status" aria-live="polite" className="text-sm">
            {status === "complete" && "New logo uploaded — not saved yet."}
            {status === "failed" && <span className="text-destructive">The logo could not be uploaded.</span>}
          </p>
        </div>
      </div>
    </div>
  );
}
