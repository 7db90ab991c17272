import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { insertFeaturedArtistSchema, type FeaturedArtist } from "@shared/featured-artists";
import { SwitchField } from "@/components/form-fields/switch-field";
import { TextAreaField } from "@/components/form-fields/text-area-field";
import { TextField } from "@/components/form-fields/text-field";
import { EditorDialog, EditorFooter, useSave, type EditorDialogProps } from "@/components/management";
import { DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Form } from "@/components/ui/form";
import { useCreateFeaturedArtist, useUpdateFeaturedArtist } from "../api";
import { FEATURED_ARTIST_TOASTS } from "./featured-artist-messages";

export function FeaturedArtistDialog(props: EditorDialogProps<FeaturedArtist>) {
  return (
    <EditorDialog {...props}>{(artist, close) => <FeaturedArtistForm artist={artist} onDone={close} />}</EditorDialog>
  );
}

function FeaturedArtistForm({ artist, onDone }: { artist: FeaturedArtist | null; onDone: () => void }) {
  const isEdit = artist !== null;
  const form = useForm({
    resolver: zodResolver(insertFeaturedArtistSchema),
    defaultValues: {
      artistName: artist?.artistName ?? "",
      bio: artist?.bio ?? "",
      imageUrl: artist?.imageUrl ?? "",
      videoUrl: artist?.videoUrl ?? "",
      songUrl: artist?.songUrl ?? "",
      month: artist?.month ?? "",
      isActive: artist?.isActive ?? 0,
    },
  });
  const { save, pending } = useSave(
    { create: useCreateFeaturedArtist(), update: useUpdateFeaturedArtist() },
    artist,
    FEATURED_ARTIST_TOASTS,
    onDone,
    form,
  );
  const { control } = form;

  return (
    <>
      <DialogHeader>
        <DialogTitle>{isEdit ? "Edit Featured Artist" : "Add Featured Artist"}</DialogTitle>
        <DialogDescription>The Community Featured Artist of the Month on the public landing page.</DialogDescription>
      </DialogHeader>
      <Form {...form}>
        <form onSubmit={form.handleSubmit(save)} noValidate className="grid gap-4">
          <TextField control={control} name="artistName" label="Artist Name" />
          <TextField control={control} name="month" label="Featured Month" placeholder="November 2026" />
          <TextField control={control} name="imageUrl" label="Image URL" type="url" placeholder="https://" />
          <TextField control={control} name="videoUrl" label="Video URL (optional)" type="url" placeholder="https://" />
          <TextField control={control} name="songUrl" label="Song URL (optional)" type="url" placeholder="https://" />
          <TextAreaField control={control} name="bio" label="Bio" rows={4} />
          <SwitchField
            control={control}
            name="isActive"
            label="Active"
            description="Show this artist on the landing page. Activating one artist deactivates the one currently featured."
          />
          <EditorFooter onCancel={onDone} pending={pending} submitLabel={isEdit ? "Update" : "Create"} />
        </form>
      </Form>
    </>
  );
}
