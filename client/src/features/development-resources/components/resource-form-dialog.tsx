import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import {
  RESOURCE_CATEGORIES,
  RESOURCE_TYPES,
  insertDevelopmentResourceSchema,
  type DevelopmentResource,
  type InsertDevelopmentResourceInput,
} from "@shared/development-resources";
import { CountField } from "@/components/form-fields/count-field";
import { SelectField } from "@/components/form-fields/select-field";
import { SwitchField } from "@/components/form-fields/switch-field";
import { TextAreaField } from "@/components/form-fields/text-area-field";
import { TextField } from "@/components/form-fields/text-field";
import { EditorDialog, EditorFooter, useSave, type EditorDialogProps } from "@/components/management";
import { DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Form } from "@/components/ui/form";
import { useCreateDevelopmentResource, useUpdateDevelopmentResource } from "../api";
import { titleCase } from "../labels";
import { RESOURCE_TOASTS } from "./resource-messages";

type Values = InsertDevelopmentResourceInput;
type UrlField = "contentUrl" | "embedUrl" | "thumbnailUrl" | "downloadUrl";

const options = (values: readonly string[]) => values.map((value) => ({ value, label: titleCase(value) }));

const URL_FIELDS: { name: UrlField; label: string; hint: string }[] = [
  { name: "contentUrl", label: "Content URL", hint: "Opened by 'View' (and the play overlay)." },
  {
    name: "embedUrl",
    label: "Embed URL",
    hint: "A video player address shown in the card, e.g. https://www.youtube-nocookie.com/embed/…",
  },
  { name: "thumbnailUrl", label: "Thumbnail URL", hint: "Shown when there is no embed URL." },
  { name: "downloadUrl", label: "Download URL", hint: "Opened by 'Download'." },
];

export function ResourceFormDialog(props: EditorDialogProps<DevelopmentResource>) {
  return (
    <EditorDialog {...props} className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
      {(resource, close) => <ResourceForm resource={resource} onDone={close} />}
    </EditorDialog>
  );
}

function ResourceForm({ resource, onDone }: { resource: DevelopmentResource | null; onDone: () => void }) {
  const isEdit = resource !== null;
  const form = useForm({
    resolver: zodResolver(insertDevelopmentResourceSchema),
    defaultValues: {
      title: resource?.title ?? "",
      description: resource?.description ?? "",
      category: resource?.category ?? "marketing",
      resourceType: resource?.resourceType ?? "video",
      contentUrl: resource?.contentUrl ?? "",
      embedUrl: resource?.embedUrl ?? "",
      thumbnailUrl: resource?.thumbnailUrl ?? "",
      downloadUrl: resource?.downloadUrl ?? "",
      duration: resource?.duration ?? null,
      isPublished: resource?.isPublished ?? 1,
    } as Values,
  });
  const { save, pending } = useSave(
    { create: useCreateDevelopmentResource(), update: useUpdateDevelopmentResource() },
    resource,
    RESOURCE_TOASTS,
    onDone,
    form,
  );

  return (
    <>
      <DialogHeader>
        <DialogTitle>{isEdit ? "Edit Resource" : "Add Resource"}</DialogTitle>
        <DialogDescription>A course, guide or template on the Artist Development page.</DialogDescription>
      </DialogHeader>
      <Form {...form}>
        <form onSubmit={form.handleSubmit(save)} noValidate className="grid gap-4">
          <TextField control={form.control} name="title" label="Title" />
          <TextAreaField control={form.control} name="description" label="Description" />
          <div className="grid gap-4 sm:grid-cols-3">
            <SelectField
              control={form.control}
              name="category"
              label="Category"
              options={options(RESOURCE_CATEGORIES)}
            />
            <SelectField control={form.control} name="resourceType" label="Type" options={options(RESOURCE_TYPES)} />
            <CountField
              control={form.control}
              name="duration"
              label="Duration (min)"
              inputMode="numeric"
              empty={null}
            />
          </div>
          {URL_FIELDS.map(({ name, label, hint }) => (
            <TextField
              key={name}
              control={form.control}
              name={name}
              label={label}
              description={hint}
              placeholder="https://"
            />
          ))}
          <SwitchField
            control={form.control}
            name="isPublished"
            label="Published"
            description="Members see published resources on the Artist Development page."
          />
          <EditorFooter onCancel={onDone} pending={pending} submitLabel={isEdit ? "Update" : "Create"} />
        </form>
      </Form>
    </>
  );
}
