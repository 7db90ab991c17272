import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { LIVE_STREAM_STATUSES, type AdminLiveStream } from "@shared/live-streams";
import { CountField } from "@/components/form-fields/count-field";
import { SelectField } from "@/components/form-fields/select-field";
import { TextAreaField } from "@/components/form-fields/text-area-field";
import { TextField } from "@/components/form-fields/text-field";
import { EditorDialog, EditorFooter, useSave, type EditorDialogProps } from "@/components/management";
import { DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Form } from "@/components/ui/form";
import { useCreateLiveStream, useUpdateLiveStream } from "../api";
import {
  liveStreamDefaults,
  liveStreamFormSchema,
  STREAM_KEY_FIELDS,
  toLiveStreamBody,
  type StreamKeyName,
} from "./live-stream-form";
import { LIVE_STREAM_TOASTS } from "./live-stream-messages";
import { StreamKeyField } from "./stream-key-field";

const STATUS_LABELS = { scheduled: "Scheduled", live: "Live", ended: "Ended" } as const;
const STATUS_OPTIONS = LIVE_STREAM_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] }));

export function LiveStreamDialog(props: EditorDialogProps<AdminLiveStream>) {
  return (
    <EditorDialog {...props} className="max-w-2xl">
      {(stream, close) => <LiveStreamForm stream={stream} onDone={close} />}
    </EditorDialog>
  );
}

function LiveStreamForm({ stream, onDone }: { stream: AdminLiveStream | null; onDone: () => void }) {
  const [cleared, setCleared] = useState<ReadonlySet<StreamKeyName>>(new Set());
  const form = useForm({ resolver: zodResolver(liveStreamFormSchema), defaultValues: liveStreamDefaults(stream) });
  const { control } = form;
  // A 400's field messages appear beside the fields.
  const { save, pending } = useSave(
    { create: useCreateLiveStream(), update: useUpdateLiveStream() },
    stream,
    LIVE_STREAM_TOASTS,
    onDone,
    form,
  );

  const setKeyCleared = (name: StreamKeyName, value: boolean) =>
    setCleared((current) => {
      const next = new Set(current);
      if (value) next.add(name);
      else next.delete(name);
      return next;
    });

  return (
    <>
      <DialogHeader>
        <DialogTitle>{stream ? "Edit Live Stream" : "Add Live Stream"}</DialogTitle>
        <DialogDescription>
          A stream with status Live is shown in the LIVE NOW block of the landing page.
        </DialogDescription>
      </DialogHeader>
      <Form {...form}>
        <form
          onSubmit={form.handleSubmit((values) => save(toLiveStreamBody(values, cleared)))}
          noValidate
          className="grid gap-4"
        >
          <TextField control={control} name="title" label="Title" />
          <TextAreaField control={control} name="description" label="Description" />
          <div className="grid gap-4 sm:grid-cols-3">
            <SelectField control={control} name="status" label="Status" options={STATUS_OPTIONS} />
            <TextField control={control} name="scheduledFor" label="Scheduled for" type="datetime-local" />
            <CountField control={control} name="viewerCount" label="Viewer count" />
          </div>
          <TextField control={control} name="streamUrl" label="Stream URL" type="url" placeholder="https://" />
          <TextField control={control} name="embedUrl" label="Embed URL" type="url" placeholder="https://" />
          <TextField control={control} name="thumbnailUrl" label="Thumbnail URL" type="url" placeholder="https://" />
          <fieldset className="grid gap-4 rounded-md border p-4">
            <legend className="px-1 text-sm font-semibold">Platforms</legend>
            {STREAM_KEY_FIELDS.map(({ name, label, platform }) => (
              <StreamKeyField
                key={name}
                control={control}
                name={name}
                label={label}
                isSet={stream?.platforms[platform] ?? false}
                cleared={cleared.has(name)}
                onClearChange={(value) => setKeyCleared(name, value)}
              />
            ))}
            <TextField
              control={control}
              name="tiktokUsername"
              label="TikTok username"
              autoComplete="off"
              placeholder="@label"
            />
          </fieldset>
          <EditorFooter onCancel={onDone} pending={pending} submitLabel={stream ? "Update" : "Create"} />
        </form>
      </Form>
    </>
  );
}
