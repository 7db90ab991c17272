import { zodResolver } from "@hookform/resolvers/zod";
import { Plus, Trash2 } from "lucide-react";
import { useFieldArray, useForm } from "react-hook-form";
import { releaseInputSchema, type Release, type ReleaseInput } from "@shared/royalty-catalogue";
import { TextField } from "@/components/form-fields/text-field";
import { EditorDialog, EditorFooter, type EditorDialogProps } from "@/components/management";
import { Button } from "@/components/ui/button";
import { DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Form } from "@/components/ui/form";
import { toast } from "@/hooks/use-toast";
import { showFieldErrors } from "@/lib/form-errors";
import { useSaveRelease } from "../api";

const EMPTY_TRACK = { title: "", isrc: "" };

export function ReleaseDialog(props: EditorDialogProps<Release>) {
  return (
    <EditorDialog {...props} className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
      {(release, close) => <ReleaseForm release={release} onDone={close} />}
    </EditorDialog>
  );
}

/** A release's title, artist, UPC, date and its tracks in order (title and ISRC each). */
export function ReleaseForm({ release, onDone }: { release: Release | null; onDone: () => void }) {
  const form = useForm({
    resolver: zodResolver(releaseInputSchema),
    defaultValues: {
      title: release?.title ?? "",
      artist: release?.artist ?? "",
      upc: release?.upc ?? "",
      releaseDate: release?.releaseDate ?? "",
      tracks: release ? release.tracks.map(({ id, title, isrc }) => ({ id, title, isrc })) : [{ ...EMPTY_TRACK }],
    },
  });
  const { control } = form;
  // Its own key name: the tracks' `id` is the stored track's, which the edit sends back.
  const { fields, append, remove } = useFieldArray({ control, name: "tracks", keyName: "key" });
  const save = useSaveRelease(release?.id ?? null);

  const submit = (values: ReleaseInput) =>
    save.mutate(values, {
      onSuccess: () => {
        toast({ title: "Success", description: release ? "Release updated" : "Release added" });
        onDone();
      },
      onError: (error) => showFieldErrors(form, error),
    });

  const tracksError = form.formState.errors.tracks?.root?.message ?? form.formState.errors.tracks?.message;
  return (
    <>
      <DialogHeader>
        <DialogTitle>{release ? "Edit release" : "New release"}</DialogTitle>
        <DialogDescription>Distributors' reports are matched by the UPC and each track's ISRC.</DialogDescription>
      </DialogHeader>
      <Form {...form}>
        <form onSubmit={form.handleSubmit(submit)} noValidate className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField control={control} name="title" label="Title" />
            <TextField control={control} name="artist" label="Artist" />
            <TextField control={control} name="upc" label="UPC" inputMode="numeric" placeholder="036000291452" />
            <TextField control={control} name="releaseDate" label="Release date (optional)" type="date" />
          </div>
          <fieldset className="grid gap-3">
            <legend className="mb-2 text-base font-semibold">Tracks</legend>
            <ol className="grid gap-3">
              {fields.map((track, index) => (
                <li
                  key={track.key}
                  className="grid grid-cols-[1fr_auto] items-end gap-3 rounded-md border p-3 sm:grid-cols-[1fr_12rem_auto]"
                >
                  <TextField
                    control={control}
                    name={`tracks.${index}.title`}
                    label={`Track ${index + 1} title`}
                    className="col-span-2 sm:col-span-1"
                  />
                  <TextField
                    control={control}
                    name={`tracks.${index}.isrc`}
                    label={`Track ${index + 1} ISRC`}
                    placeholder="USRC17607839"
                  />
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    aria-label={`Remove track ${index + 1}`}
                    className="text-destructive hover:text-destructive"
                    disabled={fields.length === 1}
                    onClick={() => remove(index)}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </li>
              ))}
            </ol>
            {tracksError && (
              <p role="alert" className="text-sm font-medium text-destructive">
                {tracksError}
              </p>
            )}
            <Button
              type="button"
              variant="outline"
              className="justify-self-start"
              onClick={() => append({ ...EMPTY_TRACK })}
            >
              <Plus aria-hidden="true" />
              Add track
            </Button>
          </fieldset>
          <EditorFooter onCancel={onDone} pending={save.isPending} submitLabel={release ? "Save" : "Add release"} />
        </form>
      </Form>
    </>
  );
}
