// A shipping address as its country writes it, for every place that prints one: the buyer's
// order page and e-mail, the admins' order dialog and the packing slip. Orders follow the
// Universal Postal Union's country pages (as Google's address data encodes them); a country
// not listed writes the postal code before the city ("10115 Berlin"), as most of Europe does.
import { countryName } from "./shipping";

export interface PostalAddress {
  name: string;
  line1: string;
  line2?: string | null;
  city: string;
  region?: string | null;
  postalCode: string;
  /** ISO 3166-1 alpha-2, "US". */
  country: string;
}

type Locality = (a: { city: string; region: string; postalCode: string }) => (string | false)[];

const join = (...parts: (string | false)[]) => parts.filter(Boolean).join(" ");

/** "New York, NY 10001" */
const cityRegionPostal: Locality = ({ city, region, postalCode }) => [
  join(region ? `${city},` : city, region, postalCode),
];
/** "Toronto ON M5V 2T6", "Sydney NSW 2000" */
const cityRegionPostalPlain: Locality = ({ city, region, postalCode }) => [join(city, region, postalCode)];
/** The town, its county where given, and the postcode on a line of its own. */
const britishLines: Locality = ({ city, region, postalCode }) => [city, region, postalCode];
/** "Chiyoda-ku, Tokyo" then "100-0001" (a Japanese address in Latin letters). */
const japaneseLatin: Locality = ({ city, region, postalCode }) => [region ? `${city}, ${region}` : city, postalCode];
/** "10115 Berlin", the region (a province, a state) on its own line where given. */
const postalCity: Locality = ({ city, region, postalCode }) => [join(postalCode, city), region];

const LOCALITIES: Record<string, Locality> = {
  US: cityRegionPostal,
  PR: cityRegionPostal,
  CA: cityRegionPostalPlain,
  AU: cityRegionPostalPlain,
  GB: britishLines,
  IM: britishLines,
  JE: britishLines,
  GG: britishLines,
  JP: japaneseLatin,
};

/** Kana or kanji: the address is written in Japanese and reads from the largest place down. */
const JAPANESE_SCRIPT = /[\u3040-\u30ff\u3400-\u9fff]/;

/**
 * The address's lines in its country's order, empty parts left out, the country's English name
 * last ("United States"). A Japanese address written in Japanese reads from the postal code down
 * to the name ("〒100-0001", "東京都千代田区", the street, the name).
 */
export function formatPostalAddress(address: PostalAddress): string[] {
  const country = address.country.trim().toUpperCase();
  const parts = {
    city: address.city.trim(),
    region: address.region?.trim() ?? "",
    postalCode: address.postalCode.trim(),
  };
  const countryLine = countryName(country) ?? address.country;
  const streets = [address.line1, address.line2 ?? ""].map((line) => line.trim());
  let lines: (string | false)[];
  if (country === "JP" && JAPANESE_SCRIPT.test(`${parts.region}${parts.city}${streets[0]}`)) {
    lines = [`〒${parts.postalCode}`, `${parts.region}${parts.city}`, ...streets, address.name.trim(), countryLine];
  } else {
    const locality = LOCALITIES[country] ?? postalCity;
    lines = [address.name.trim(), ...streets, ...locality(parts), countryLine];
  }
  return lines.filter((line): line is string => Boolean(line));
}
