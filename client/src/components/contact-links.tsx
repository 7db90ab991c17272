import { useQuery } from "@tanstack/react-query";
import { Mail, Phone } from "lucide-react";
import { labelContactQuery, telHref } from "@/lib/label-contact";
import { cn } from "@/lib/utils";

/**
 * The label's phone and e-mail as links that call and write. Nothing while they load or if
 * they cannot be read: a guessed number would be worse than none.
 */
export function ContactLinks({ className, linkClassName }: { className?: string; linkClassName?: string }) {
  const { data: contact } = useQuery(labelContactQuery);
  if (!contact || (!contact.phone && !contact.email)) return null;
  const link = cn("inline-flex min-w-0 items-center gap-2 underline-offset-4 hover:underline", linkClassName);
  return (
    <ul className={cn("grid gap-2", className)}>
      {contact.phone && (
        <li>
          <a href={telHref(contact.phone)} className={link}>
            <Phone aria-hidden="true" className="size-4 shrink-0" />
            {contact.phone}
          </a>
        </li>
      )}
      {contact.email && (
        <li>
          <a href={`mailto:${contact.email}`} className={cn(link, "break-all")}>
            <Mail aria-hidden="true" className="size-4 shrink-0" />
            {contact.email}
          </a>
        </li>
      )}
    </ul>
  );
}
