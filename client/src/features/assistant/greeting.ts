export const ASSISTANT_PROMPT = "How can we rock you today?";

export type Greeting = "Grand Rising" | "Good Afternoon" | "Good Evening";

/** 'Grand Rising' before 12:00, 'Good Afternoon' 12:00–17:00, 'Good Evening' from 17:00. */
export function greetingFor(now: Date): Greeting {
  const hour = now.getHours();
  if (hour < 12) return "Grand Rising";
  if (hour < 17) return "Good Afternoon";
  return "Good Evening";
}
