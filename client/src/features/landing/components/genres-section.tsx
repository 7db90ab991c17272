import { Church, Guitar, Heart, Mic, Piano, Sparkles, Zap } from "lucide-react";
import { LandingSection, SectionHeading } from "./section-heading";

/** Exactly these seven genre cards, in this order (docs/product.md, "Landing page"). */
export const GENRES = [
  { name: "Hip Hop / Rap", icon: Mic, text: "Bars, beats and block parties.", tone: "from-amber-500/25" },
  { name: "R&B / Soul", icon: Heart, text: "Late-night grooves and big voices.", tone: "from-rose-500/25" },
  { name: "Pop", icon: Sparkles, text: "Hooks built for every playlist.", tone: "from-fuchsia-500/25" },
  { name: "Jazz / Blues", icon: Piano, text: "Smoky rooms and standing ovations.", tone: "from-sky-500/25" },
  { name: "Gospel", icon: Church, text: "Choirs that lift the roof.", tone: "from-yellow-400/25" },
  { name: "Country", icon: Guitar, text: "Stories told with six strings.", tone: "from-orange-500/25" },
  { name: "Punk Rock", icon: Zap, text: "Fast, loud and proudly raw.", tone: "from-red-500/25" },
] as const;

export function GenresSection() {
  return (
    <LandingSection labelledBy="genres-heading">
      <SectionHeading id="genres-heading" eyebrow="Our sound" title="Genres we champion">
        Seven scenes, one roster: we sign artists for their voice, not their category.
      </SectionHeading>
      <ul className="mt-10 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {GENRES.map(({ name, icon: Icon, text, tone }) => (
          <li
            key={name}
            className={`group relative overflow-hidden rounded-xl border bg-gradient-to-br ${tone} to-transparent p-5 transition-colors hover:border-primary/60`}
          >
            <Icon className="size-7 text-primary" aria-hidden="true" />
            <h3 className="mt-4 font-semibold">{name}</h3>
            <p className="mt-1 text-sm text-muted-foreground">{text}</p>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}
