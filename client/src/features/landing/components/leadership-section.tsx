import { LandingSection, SectionHeading } from "./section-heading";

/** Fictional leadership team (demonstration content). */
const LEADERS = [
  {
    name: "Marcus Ellington",
    role: "Founder & CEO",
    initials: "ME",
    bio: "Twenty years behind the desk in studios from Atlanta to London. He started the label so independent artists could own their masters and still have a full team.",
  },
  {
    name: "Dana Whitfield",
    role: "Director of A&R",
    initials: "DW",
    bio: "Listens to every submission that comes in. Dana signed four of our top-selling acts straight from their first demo.",
  },
  {
    name: "Priya Castellanos",
    role: "Head of Artist Development",
    initials: "PC",
    bio: "Runs our mentorship programme, from vocal coaching and stage craft to the business of publishing and royalties.",
  },
] as const;

export function LeadershipSection() {
  return (
    <LandingSection labelledBy="leadership-heading" className="border-y bg-card/40">
      <SectionHeading id="leadership-heading" eyebrow="The team" title="Meet our leadership">
        Music people first: every leader here has made records, toured or managed artists.
      </SectionHeading>
      <ul className="mt-10 grid gap-4 md:grid-cols-3">
        {LEADERS.map(({ name, role, initials, bio }) => (
          <li key={name} className="flex flex-col gap-4 rounded-xl border bg-card p-6 shadow-sm">
            <span
              aria-hidden="true"
              className="grid size-16 place-items-center rounded-full bg-gradient-to-br from-primary to-rose-700 font-display text-xl font-bold text-white"
            >
              {initials}
            </span>
            <div>
              <h3 className="text-lg font-semibold">{name}</h3>
              <p className="text-sm font-medium text-primary">{role}</p>
            </div>
            <p className="text-sm leading-relaxed text-muted-foreground">{bio}</p>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}
