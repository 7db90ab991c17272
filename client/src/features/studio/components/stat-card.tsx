import { TrendingDown, TrendingUp } from "lucide-react";
import type { StudioStat } from "@shared/constants";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { cn } from "@/lib/utils";

export function StatCard({ stat }: { stat: StudioStat }) {
  const down = stat.trend.startsWith("-");
  const Icon = down ? TrendingDown : TrendingUp;
  return (
    <Card>
      <CardHeader className="pb-2">
        <h2 className="text-sm font-medium text-muted-foreground">{stat.label}</h2>
      </CardHeader>
      <CardContent>
        <p className="font-display text-3xl font-bold">{stat.value}</p>
        <p
          className={cn(
            "mt-1 flex items-center gap-1 text-sm font-medium",
            down ? "text-red-600 dark:text-red-400" : "text-emerald-700 dark:text-emerald-400",
          )}
        >
          <Icon aria-hidden="true" className="size-4" />
          {stat.trend}
          <span className="font-normal text-muted-foreground">from last month</span>
        </p>
      </CardContent>
    </Card>
  );
}
