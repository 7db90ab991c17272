import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";

/** A card of placeholder rows, each with the same status badge (Pending or Confirmed). */
export function ActivityList({
  title,
  status,
  rows,
}: {
  title: string;
  status: "Pending" | "Confirmed";
  rows: readonly { id: string; title: string; artist: string; when: string }[];
}) {
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle asChild>
          <h2>{title}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="divide-y">
          {rows.map((row) => (
            <li key={row.id} className="flex items-center justify-between gap-3 py-3 first:pt-0 last:pb-0">
              <div className="min-w-0">
                <p className="truncate font-medium">{row.title}</p>
                <p className="truncate text-sm text-muted-foreground">
                  {row.artist} · {row.when}
                </p>
              </div>
              <Badge variant={status === "Confirmed" ? "default" : "secondary"}>{status}</Badge>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
