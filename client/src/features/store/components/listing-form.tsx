import { useState, type FormEvent } from "react";
import { STORE_FORMATS, type StoreFormat, type StoreListing } from "@shared/store";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { ApiError } from "@/lib/api-request";
import { useSaveListing } from "../api";
import { FORMAT_NAMES } from "../player-tracks";
import { CoverField } from "./cover-field";

function Field({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string[];
  children: React.ReactNode;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error && <p className="text-sm text-destructive">{error[0]}</p>}
    </div>
  );
}

/** An amount in dollars, typed with the phone's decimal keypad. */
function MoneyField({
  id,
  label,
  error,
  value,
  onChange,
}: {
  id: string;
  label: string;
  error?: string[];
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field id={id} label={label} error={error}>
      <Input id={id} inputMode="decimal" value={value} onChange={(e) => onChange(e.target.value)} />
    </Field>
  );
}

/** A release's cover, price rules and formats; the server's refusals show beside their fields. */
export function ListingForm({ releaseId, listing }: { releaseId: string; listing: StoreListing["listing"] }) {
  const [published, setPublished] = useState(listing?.published ?? false);
  const [price, setPrice] = useState(listing?.price ?? "7.00");
  const [payWhatYouWant, setPayWhatYouWant] = useState(listing?.payWhatYouWant ?? true);
  const [minimumPrice, setMinimumPrice] = useState(listing?.minimumPrice ?? "0.00");
  const [suggestedPrice, setSuggestedPrice] = useState(listing?.suggestedPrice ?? "");
  const [trackPrice, setTrackPrice] = useState(listing?.trackPrice ?? "");
  const [genre, setGenre] = useState(listing?.genre ?? "");
  const [formats, setFormats] = useState<StoreFormat[]>(listing?.formats ?? ["mp3-320", "flac"]);
  const [coverUrl, setCoverUrl] = useState(listing?.coverUrl ?? null);
  const save = useSaveListing(releaseId);
  const errors = save.error instanceof ApiError ? (save.error.fieldErrors ?? {}) : {};

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({
      published,
      price,
      payWhatYouWant,
      minimumPrice: payWhatYouWant ? minimumPrice || null : null,
      suggestedPrice: payWhatYouWant ? suggestedPrice || null : null,
      trackPrice: trackPrice || null,
      genre: genre || null,
      formats,
      coverUrl,
    });
  };

  return (
    <form onSubmit={submit} className="grid gap-4 rounded-lg border p-4" aria-label="Sale">
      <CoverField
        value={coverUrl}
        error={errors.coverUrl?.[0]}
        onChange={(path) => {
          setCoverUrl(path);
          // A refusal of the previous cover no longer applies to the new one.
          save.reset();
        }}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <MoneyField id="listing-price" label="Price (USD)" error={errors.price} value={price} onChange={setPrice} />
        <MoneyField
          id="listing-track-price"
          label="Single track price (optional)"
          error={errors.trackPrice}
          value={trackPrice}
          onChange={setTrackPrice}
        />
      </div>
      <div className="flex items-center gap-2">
        <Checkbox id="listing-pwyw" checked={payWhatYouWant} onCheckedChange={(v) => setPayWhatYouWant(v === true)} />
        <Label htmlFor="listing-pwyw">Name your price</Label>
      </div>
      {payWhatYouWant && (
        <div className="grid gap-4 sm:grid-cols-2">
          <MoneyField
            id="listing-minimum"
            label="Minimum (0 allows free downloads)"
            error={errors.minimumPrice}
            value={minimumPrice}
            onChange={setMinimumPrice}
          />
          <MoneyField
            id="listing-suggested"
            label="Suggested price"
            error={errors.suggestedPrice}
            value={suggestedPrice}
            onChange={setSuggestedPrice}
          />
        </div>
      )}
      <fieldset className="grid gap-2">
        <legend className="text-sm font-medium">Formats</legend>
        <div className="flex flex-wrap gap-4">
          {STORE_FORMATS.map((format) => (
            <div key={format} className="flex items-center gap-2">
              <Checkbox
                id={`listing-format-${format}`}
                checked={formats.includes(format)}
                onCheckedChange={(v) =>
                  setFormats((list) => (v === true ? [...list, format] : list.filter((f) => f !== format)))
                }
              />
              <Label htmlFor={`listing-format-${format}`}>{FORMAT_NAMES[format]}</Label>
            </div>
          ))}
        </div>
        {errors.formats && <p className="text-sm text-destructive">{errors.formats[0]}</p>}
      </fieldset>
      <Field id="listing-genre" label="Genre" error={errors.genre}>
        <Input id="listing-genre" value={genre} onChange={(e) => setGenre(e.target.value)} />
      </Field>
      <div className="flex items-center gap-2">
        <Checkbox id="listing-published" checked={published} onCheckedChange={(v) => setPublished(v === true)} />
        <Label htmlFor="listing-published">Published in the store</Label>
      </div>
      {errors.tracks && <p className="text-sm text-destructive">{errors.tracks[0]}</p>}
      <div>
        <Button type="submit" disabled={save.isPending}>
          Save sale
        </Button>
        {save.isSuccess && (
          <span role="status" className="ml-3 text-sm">
            Saved
          </span>
        )}
      </div>
    </form>
  );
}
