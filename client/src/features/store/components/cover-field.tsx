import { useEffect, useId, useRef, useState, type ChangeEvent } from "react";
import { ImageIcon, LoaderCircle, Trash2, Upload } from "lucide-react";
import {
  COVER_ACCEPT,
  coverFileProblem,
  IMAGE_MAX_SIDE_PX,
  IMAGE_TOO_LARGE_MESSAGE,
  LOGO_MAX_MB,
} from "@shared/object-uploads";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { imageDimensions } from "@/lib/image-dimensions";
import { UploadPutError, uploadFailureMessage, useObjectUpload } from "@/lib/object-upload";

/** The upload address's refusals, in the same words as the checks made before sending. */
function failureMessage(error: unknown): string {
  if (error instanceof UploadPutError && error.status === 413)
    return `This image is too large. A cover may be at most ${LOGO_MAX_MB}MB and ${IMAGE_MAX_SIDE_PX} × ${IMAGE_MAX_SIDE_PX} pixels.`;
  if (error instanceof UploadPutError && error.status === 415)
    return "This file is not a JPEG, PNG or WebP image, whatever its name says. Choose another image.";
  return uploadFailureMessage(error);
}

/**
 * A release's cover: JPEG, PNG or WebP up to the logo's size, checked before anything is sent.
 * The image goes to object storage at once (the logo's presigned upload); its object path goes
 * to `onChange` and is recorded only when the sale is saved.
 */
export function CoverField({
  value,
  error,
  onChange,
}: {
  /** The cover to preview: the new upload, or the one saved on the sale. */
  value: string | null;
  /** The server's refusal of the saved cover, if any. */
  error?: string;
  onChange: (objectPath: string | null) => void;
}) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const inputRef = useRef<HTMLInputElement>(null);
  const { status, upload } = useObjectUpload("cover");
  const [problem, setProblem] = useState<string | null>(null);
  const [localPreview, setLocalPreview] = useState<string | null>(null);
  const [uploaded, setUploaded] = useState(false);

  useEffect(() => () => void (localPreview && URL.revokeObjectURL(localPreview)), [localPreview]);

  async function onFileChosen(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    setUploaded(false);
    const fileProblem = coverFileProblem(file);
    if (fileProblem) return setProblem(fileProblem);
    const size = await imageDimensions(file);
    if (size && (size.width > IMAGE_MAX_SIDE_PX || size.height > IMAGE_MAX_SIDE_PX))
      return setProblem(`${IMAGE_TOO_LARGE_MESSAGE}; this one is ${size.width} × ${size.height}.`);
    setProblem(null);
    setLocalPreview(URL.createObjectURL(file));
    try {
      onChange(await upload(file));
      setUploaded(true);
    } catch (failure) {
      setLocalPreview(null);
      setProblem(failureMessage(failure));
    }
  }

  const remove = () => {
    setLocalPreview(null);
    setProblem(null);
    setUploaded(false);
    onChange(null);
  };

  // The chosen file shows at once, while it uploads; a failed upload falls back to the saved cover.
  const preview = localPreview ?? value;
  const uploading = status === "uploading";
  const shown = problem ?? error;

  return (
    <div className="grid gap-2">
      <Label htmlFor={inputId}>Cover image</Label>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <div className="flex size-28 shrink-0 items-center justify-center overflow-hidden rounded-md border bg-muted">
          {preview ? (
            <img src={preview} alt="Cover preview" className="size-full object-cover" />
          ) : (
            <ImageIcon aria-hidden="true" className="size-10 text-muted-foreground" />
          )}
        </div>
        <div className="grid gap-2">
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept={COVER_ACCEPT}
            aria-describedby={hintId}
            aria-invalid={shown ? true : undefined}
            className="sr-only"
            tabIndex={-1}
            onChange={onFileChosen}
            disabled={uploading}
          />
          <div className="flex flex-wrap gap-2">
            <Button type="button" variant="outline" disabled={uploading} onClick={() => inputRef.current?.click()}>
              {uploading ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <Upload aria-hidden="true" />}
              {uploading ? "Uploading…" : preview ? "Replace cover" : "Upload cover"}
            </Button>
            {preview && !uploading && (
              <Button type="button" variant="ghost" onClick={remove}>
                <Trash2 aria-hidden="true" />
                Remove cover
              </Button>
            )}
          </div>
          <p id={hintId} className="text-sm text-muted-foreground">
            A square JPEG, PNG or WebP image, at most {LOGO_MAX_MB}MB.
          </p>
          {shown && (
            <p role="alert" className="text-sm text-destructive">
              {shown}
            </p>
          )}
          <p role="status" aria-live="polite" className="text-sm">
            {uploaded && !problem && "New cover uploaded. Save the sale to keep it."}
          </p>
        </div>
      </div>
    </div>
  );
}
