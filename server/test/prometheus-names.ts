/**
 * The naming rules `promtool check metrics` applies to an exposition (Prometheus's promlint),
 * in JS, so a machine without promtool still checks them: counters end in `_total` and nothing
 * else does; histogram and summary suffixes are theirs alone; names and labels are snake_case;
 * units are base units (seconds, bytes), spelt out, and come last (before `_total`); the type
 * is not in the name; every family has help. Returns one line per problem, empty when clean.
 */
const BASE_UNITS = ["amperes", "bytes", "celsius", "grams", "joules", "kelvin", "meters", "metres", "seconds", "volts"];
const UNIT_PREFIXES = [
  "pico",
  "nano",
  "micro",
  "milli",
  "centi",
  "deci",
  "deca",
  "hecto",
  "kilo",
  "kibi",
  "mega",
  "mebi",
  "giga",
  "gibi",
  "tera",
  "tebi",
  "peta",
  "pebi",
];
const TIME_WORDS = ["minutes", "hours", "days", "weeks", "months", "years"];
const ABBREVIATED_UNITS = ["s", "ms", "us", "ns", "sec", "b", "kb", "mb", "gb", "tb", "pb", "m", "h", "d"];
const TYPE_WORDS = ["counter", "gauge", "histogram", "summary", "untyped"];
const RESERVED_SUFFIXES = ["_bucket", "_count", "_sum"];

export function prometheusNameProblems(exposition: string): string[] {
  const problems: string[] = [];
  const types = new Map<string, string>();
  const helps = new Set<string>();
  const labels = new Set<string>();
  for (const line of exposition.split("\n")) {
    const type = /^# TYPE (\S+) (\S+)$/.exec(line);
    if (type) types.set(type[1], type[2]);
    const help = /^# HELP (\S+) \S/.exec(line);
    if (help) helps.add(help[1]);
    const sample = /^[a-zA-Z_:][\w:]*\{(.*)\}/.exec(line);
    if (sample) for (const [, name] of sample[1].matchAll(/(\w+)="/g)) labels.add(name);
  }
  for (const [name, type] of types) {
    const say = (problem: string) => problems.push(`${name}: ${problem}`);
    if (!/^[a-zA-Z_:][a-zA-Z0-9_:]*$/.test(name)) say("not a valid metric name");
    if (/[a-z][A-Z]/.test(name)) say("metric names should be written in snake_case, not camelCase");
    if (!helps.has(name)) say("no help text");
    if (type === "counter" && !name.endsWith("_total")) say("counter metrics should have the _total suffix");
    if (type !== "counter" && name.endsWith("_total")) say("non-counter metrics should not have the _total suffix");
    if (type !== "histogram" && type !== "summary" && RESERVED_SUFFIXES.some((suffix) => name.endsWith(suffix)))
      say(`non-histogram and non-summary metrics should not end in ${RESERVED_SUFFIXES.join(", ")}`);
    const parts = name.replace(/_total$/, "").split("_");
    for (const [index, part] of parts.entries()) {
      if (TYPE_WORDS.includes(part)) say(`metric names should not include the type "${part}"`);
      if (ABBREVIATED_UNITS.includes(part)) say(`metric names should not contain abbreviated units ("${part}")`);
      if (TIME_WORDS.includes(part)) say(`use the base unit seconds, not ${part}`);
      const base = BASE_UNITS.find((unit) => part.endsWith(unit));
      if (base && part !== base && UNIT_PREFIXES.includes(part.slice(0, -base.length)))
        say(`use the base unit ${base}, not ${part}`);
      if (BASE_UNITS.includes(part) && index !== parts.length - 1) say(`the unit ${part} should come last`);
      if (part === "percent") say("use a ratio (0 to 1), not a percent");
    }
  }
  for (const label of labels) {
    if (/[a-z][A-Z]/.test(label)) problems.push(`label ${label}: label names should be written in snake_case`);
  }
  return problems;
}
