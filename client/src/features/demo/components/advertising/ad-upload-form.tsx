import type { FormEvent } from "react";
import { Upload } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { previewToast } from "../../preview";
import { FilePicker } from "../file-picker";

/** The left column: the advertisement draft (video, title, duration in days). */
export function AdUploadForm() {
  function submit(event: FormEvent) {
    event.preventDefault();
    previewToast("Submitting an advertisement");
  }
  return (
    <form onSubmit={submit} className="grid gap-4">
      <FilePicker label="Advertisement Video" accept="video/*" hint="MP4, MOV, AVI (max 500MB)" />
      <div className="grid gap-2">
        <Label htmlFor="ad-title">Advertisement Title</Label>
        <Input id="ad-title" placeholder="Summer tour announcement" />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="ad-duration">Campaign Duration (days)</Label>
        <Input id="ad-duration" type="number" inputMode="numeric" min={1} placeholder="14" />
      </div>
      <Button type="submit">
        <Upload aria-hidden="true" />
        Submit Advertisement
      </Button>
    </form>
  );
}
