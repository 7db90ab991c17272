import { Headphones, Megaphone, Ticket } from "lucide-react";
import { SectionHeading } from "./section-heading";

const FEATURES = [
  {
    icon: Headphones,
    title: "Record and develop",
    text: "Book studio time with our engineers, get honest A&R feedback and grow with mentorship that turns demos into releases.",
  },
  {
    icon: Megaphone,
    title: "Release and promote",
    text: "Distribution to every major platform, advertising campaigns and session musicians, all handled by one team.",
  },
  {
    icon: Ticket,
    title: "Perform and sell",
    text: "Tour dates, event tickets, merchandise and food-vendor slots for every show, managed in one place.",
  },
] as const;

/** The features block that 'Learn More' scrolls to. */
export function FeaturesSection() {
  return (
    <section
      id="features"
      tabIndex={-1}
      aria-labelledby="features-heading"
      className="scroll-mt-20 border-y bg-card/40 py-16 outline-hidden sm:py-20"
    >
      <div className="mx-auto max-w-6xl px-4">
        <SectionHeading id="features-heading" eyebrow="What we do" title="Everything an artist needs">
          One label for the whole journey, from the first session to the merch table.
        </SectionHeading>
        <ul className="mt-10 grid gap-4 md:grid-cols-3">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-xl border bg-card p-6 text-card-foreground shadow-sm">
              <span className="grid size-12 place-items-center rounded-lg bg-primary/15 text-primary">
                <Icon className="size-6" aria-hidden="true" />
              </span>
              <h3 className="mt-5 text-lg font-semibold">{title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
