import { zodResolver } from "@hookform/resolvers/zod";
import { Plus, Trash2, Upload } from "lucide-react";
import { useId, useState } from "react";
import { useFieldArray, useForm } from "react-hook-form";
import type { z } from "zod";
import {
  importFormSchema,
  ROYALTY_FORMAT_NAMES,
  type ImportForm,
  type ImportResult,
  type RoyaltyFormat,
} from "@shared/royalty-imports";
import { TextField } from "@/components/form-fields/text-field";
import { Button } from "@/components/ui/button";
import { Form } from "@/components/ui/form";
import { errorMessage } from "@/lib/api-request";
import { uploadRoyaltyReport, useRefreshAfterImport, useRoyaltyImports } from "../api";
import { ImportResultSummary } from "./import-result-summary";
import { ProgressBar } from "./progress-bar";

/** The format the newest failed import of this file was recognised as, once the list has it. */
function useFailedFormat(fileName: string | undefined): RoyaltyFormat | null {
  const imports = useRoyaltyImports();
  if (!fileName) return null;
  return imports.data?.find((item) => item.fileName === fileName && item.status === "failed")?.format ?? null;
}

/**
 * Uploads a distributor's report, with the rates of any currency other than the label's.
 * The server tells the format from the header row and answers what it imported, or why not
 * (an unknown header, a missing rate, a file already imported) in words shown as they are, until
 * dismissed; a failed import also stays in the list, named by its format. After an import the
 * file field is emptied.
 */
export function ImportUploadForm() {
  const fileId = useId();
  // A new key mounts an empty file field (a file input's value cannot be set to a file).
  const [fileField, setFileField] = useState(0);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [sent, setSent] = useState<{ loaded: number; total: number } | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [failure, setFailure] = useState<{ message: string; fileName: string } | null>(null);
  const failedFormat = useFailedFormat(failure?.fileName);
  const refresh = useRefreshAfterImport();
  const form = useForm<ImportForm, unknown, z.output<typeof importFormSchema>>({
    resolver: zodResolver(importFormSchema),
    defaultValues: { rates: [] },
  });
  const rates = useFieldArray({ control: form.control, name: "rates" });
  const uploading = sent !== null;

  const submit = form.handleSubmit(async (values) => {
    if (!file) {
      setFileError("Choose a report file");
      return;
    }
    setResult(null);
    setFailure(null);
    setSent({ loaded: 0, total: file.size });
    try {
      const answer = await uploadRoyaltyReport(
        file,
        Object.fromEntries(values.rates.map((r) => [r.currency, r.rate])),
        (loaded, total) => setSent({ loaded, total }),
      );
      setResult(answer);
      // The report is in: the field is emptied so the same file is not sent twice by mistake.
      setFile(null);
      setFileField((key) => key + 1);
    } catch (error) {
      setFailure({ message: errorMessage(error, "The report could not be imported; try again"), fileName: file.name });
    } finally {
      setSent(null);
      void refresh();
    }
  });

  return (
    <Form {...form}>
      <form noValidate className="grid gap-4" onSubmit={submit} aria-busy={uploading}>
        <div className="grid gap-2">
          <label htmlFor={fileId} className="text-sm font-medium">
            Report file (DistroKid, CD Baby or TuneCore)
          </label>
          <input
            id={fileId}
            key={fileField}
            type="file"
            accept=".tsv,.csv,.txt,text/tab-separated-values,text/csv"
            aria-invalid={fileError !== null}
            aria-describedby={fileError ? `${fileId}-error` : undefined}
            className="block w-full max-w-full text-sm file:mr-3 file:rounded-md file:border file:bg-background file:px-3 file:py-1.5"
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setFileError(null);
            }}
          />
          {fileError && (
            <p id={`${fileId}-error`} role="alert" className="text-sm font-medium text-destructive">
              {fileError}
            </p>
          )}
        </div>
        <fieldset className="grid gap-3">
          <legend className="mb-1 text-sm font-medium">Currency rates (US dollars per unit)</legend>
          {rates.fields.length === 0 && (
            <p className="text-sm text-muted-foreground">
              None: add one for each currency other than USD the report uses.
            </p>
          )}
          {rates.fields.map((field, index) => (
            <div key={field.id} className="flex flex-wrap items-end gap-2">
              <TextField
                control={form.control}
                name={`rates.${index}.currency`}
                label={`Currency ${index + 1}`}
                placeholder="EUR"
                className="w-24"
              />
              <TextField
                control={form.control}
                name={`rates.${index}.rate`}
                label={`Rate ${index + 1}`}
                placeholder="1.10"
                inputMode="decimal"
                className="w-36"
              />
              <Button type="button" variant="ghost" size="icon" onClick={() => rates.remove(index)}>
                <Trash2 aria-hidden="true" />
                <span className="sr-only">Remove rate {index + 1}</span>
              </Button>
            </div>
          ))}
          <div>
            <Button type="button" variant="outline" size="sm" onClick={() => rates.append({ currency: "", rate: "" })}>
              <Plus aria-hidden="true" /> Add a rate
            </Button>
          </div>
        </fieldset>
        <div>
          <Button type="submit" disabled={uploading}>
            <Upload aria-hidden="true" /> {uploading ? "Importing…" : "Import report"}
          </Button>
        </div>
        {sent && <ProgressBar label="Uploading the report" value={sent.loaded} max={sent.total} />}
        <div role="status" aria-live="polite">
          {result && <ImportResultSummary result={result} />}
          {failure && (
            <div
              role="alert"
              className="flex flex-wrap items-start justify-between gap-2 rounded-md border border-destructive p-3 text-sm text-destructive"
            >
              <p className="min-w-0 break-words">
                {failedFormat && `The ${ROYALTY_FORMAT_NAMES[failedFormat]} report was not imported. `}
                {failure.message}
              </p>
              <Button type="button" variant="outline" size="sm" onClick={() => setFailure(null)}>
                Dismiss
              </Button>
            </div>
          )}
        </div>
      </form>
    </Form>
  );
}
