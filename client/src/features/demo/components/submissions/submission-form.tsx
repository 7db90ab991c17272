import type { FormEvent } from "react";
import { Send } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { previewToast } from "../../preview";
import { FilePicker } from "../file-picker";

const FIELDS = [
  { id: "submission-artist", label: "Artist Name", type: "text", autoComplete: "name" },
  { id: "submission-title", label: "Track Title", type: "text" },
  { id: "submission-genre", label: "Genre", type: "text" },
  { id: "submission-bpm", label: "BPM", type: "number" },
] as const;

/** The submit form; the demonstration keeps everything in the page. */
export function SubmissionForm() {
  function submit(event: FormEvent) {
    event.preventDefault();
    previewToast("Submitting a track");
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
        <form onSubmit={submit} className="grid gap-4">
          <FilePicker label="Audio File" accept="audio/*" hint="MP3, WAV, FLAC (max 100MB)" />
          <div className="grid gap-4 sm:grid-cols-2">
            {FIELDS.map((field) => (
              <div key={field.id} className="grid gap-2">
                <Label htmlFor={field.id}>{field.label}</Label>
                <Input
                  id={field.id}
                  type={field.type}
                  inputMode={field.type === "number" ? "numeric" : undefined}
                  min={field.type === "number" ? 1 : undefined}
                  autoComplete={"autoComplete" in field ? field.autoComplete : "off"}
                />
              </div>
            ))}
          </div>
          <div className="grid gap-2">
            <Label htmlFor="submission-description">Description</Label>
            <Textarea id="submission-description" rows={4} placeholder="Tell us about the track" />
          </div>
          <Button type="submit" className="w-full sm:w-fit">
            <Send aria-hidden="true" />
            Submit Track for Review
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
