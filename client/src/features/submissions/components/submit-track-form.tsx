import { useId, useState, type FormEvent } from "react";
import { FileUp, Send } from "lucide-react";
import {
  audioKindOf,
  AUDIO_ACCEPT,
  AUDIO_TYPES_MESSAGE,
  SUBMISSION_MAX_BYTES,
  SUBMISSION_TOO_LARGE_MESSAGE,
} from "@shared/submissions";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/hooks/use-toast";
import { ApiError } from "@/lib/api-request";
import { useSubmitTrack } from "../api";

const FIELDS = [
  { name: "artistName", id: "submission-artist", label: "Artist Name", type: "text", autoComplete: "name" },
  { name: "trackTitle", id: "submission-title", label: "Track Title", type: "text" },
  { name: "genre", id: "submission-genre", label: "Genre", type: "text" },
  { name: "bpm", id: "submission-bpm", label: "BPM", type: "number" },
] as const;

type Errors = Partial<Record<string, string>>;

/** What the browser may say about a file before anything is sent; the server checks its bytes. */
function fileProblem(file: File): string | null {
  const byName = /\.(mp3|wav|flac)$/i.test(file.name);
  if (!audioKindOf(file.type) && !byName) return AUDIO_TYPES_MESSAGE;
  if (file.size > SUBMISSION_MAX_BYTES) return SUBMISSION_TOO_LARGE_MESSAGE;
  return null;
}

/** The Submit Music tab: the audio goes to storage, then the track is submitted for review. */
export function SubmitTrackForm({ onSubmitted }: { onSubmitted?: () => void }) {
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const submit = useSubmitTrack();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? "").trim();
    const found: Errors = {};
    if (!file) found.fileKey = "Choose an MP3, WAV or FLAC file";
    else found.fileKey = fileProblem(file) ?? undefined;
    for (const name of ["artistName", "trackTitle", "genre"]) if (!text(name)) found[name] = "Required";
    const bpm = text("bpm");
    if (Object.values(found).some(Boolean) || !file) return setErrors(found);
    const form = event.currentTarget;
    setErrors({});
    submit.mutate(
      {
        file,
        fields: {
          artistName: text("artistName"),
          trackTitle: text("trackTitle"),
          genre: text("genre"),
          bpm: bpm === "" ? null : Number(bpm),
          description: text("description") || null,
        },
      },
      {
        onSuccess: (created) => {
          form.reset();
          setFile(null);
          toast({
            title: "Track submitted",
            description: `We will answer by ${new Date(created.replyBy ?? created.submittedAt).toLocaleDateString()}.`,
          });
          onSubmitted?.();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fieldErrors)
            setErrors(Object.fromEntries(Object.entries(error.fieldErrors).map(([k, v]) => [k, v[0]])));
        },
      },
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Submit Your Music</h2>
        </CardTitle>
        <CardDescription>Send a track to our A&amp;R team for review.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} className="grid gap-4" noValidate>
          <div className="grid gap-2">
            <Label htmlFor={fileId}>Audio File</Label>
            <div className="relative flex flex-col items-center gap-2 rounded-lg border-2 border-dashed bg-muted/30 px-4 py-8 text-center transition-colors hover:bg-muted/60 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring">
              <FileUp aria-hidden="true" className="size-8 text-muted-foreground" />
              <span aria-hidden="true" className="text-sm font-medium">
                {file?.name ?? "Choose a file"}
              </span>
              <span id={`${fileId}-hint`} className="text-xs text-muted-foreground">
                MP3, WAV, FLAC (max 100MB)
              </span>
              <input
                id={fileId}
                name="file"
                type="file"
                accept={AUDIO_ACCEPT}
                aria-describedby={`${fileId}-hint`}
                aria-invalid={Boolean(errors.fileKey)}
                className="absolute inset-0 size-full cursor-pointer opacity-0"
                onChange={(e) => setFile(e.target.files?.[0] ?? null)}
              />
            </div>
            <FieldError message={errors.fileKey} />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            {FIELDS.map((field) => (
              <div key={field.id} className="grid gap-2">
                <Label htmlFor={field.id}>{field.label}</Label>
                <Input
                  id={field.id}
                  name={field.name}
                  type={field.type}
                  inputMode={field.type === "number" ? "numeric" : undefined}
                  min={field.type === "number" ? 20 : undefined}
                  max={field.type === "number" ? 300 : undefined}
                  aria-invalid={Boolean(errors[field.name])}
                  autoComplete={"autoComplete" in field ? field.autoComplete : "off"}
                />
                <FieldError message={errors[field.name]} />
              </div>
            ))}
          </div>
          <div className="grid gap-2">
            <Label htmlFor="submission-description">Description</Label>
            <Textarea id="submission-description" name="description" rows={4} placeholder="Tell us about the track" />
            <FieldError message={errors.description} />
          </div>
          <Button type="submit" className="w-full sm:w-fit" disabled={submit.isPending}>
            <Send aria-hidden="true" />
            {submit.isPending ? "Uploading…" : "Submit Track for Review"}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function FieldError({ message }: { message?: string }) {
  return message ? (
    <p role="alert" className="text-sm text-destructive">
      {message}
    </p>
  ) : null;
}
