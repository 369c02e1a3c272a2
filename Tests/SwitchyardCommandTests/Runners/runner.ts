// Replays a `switchyard vectors` document against the router `switchyard gen typescript`
// generated (./routes.ts) and prints one JSON line: the counts and the first disagreements.
// Run by GeneratedRouterTests: `node runner.js VECTORS.json`.
import * as router from "./routes";

declare const require: (name: string) => { readFileSync(path: string, encoding: string): string };
declare const process: { argv: string[] };

type Typed = Record<string, string>;
type MatchCase = { url: string; route: string | null; values?: Record<string, Typed> };
type BuildCase = { route: string; values: Record<string, Typed>; host: string | null; url?: string; error?: string; capture?: string | null };

const document = JSON.parse(require("fs").readFileSync(process.argv[2], "utf8")) as { version: number; match: MatchCase[]; build: BuildCase[] };
const summary = { version: document.version, match: 0, matchDisagreements: 0, build: 0, buildDisagreements: 0, skipped: 0, examples: [] as string[] };

function kindAndText(value: Typed): [string, string] {
  const kind = Object.keys(value)[0];
  return [kind, value[kind]];
}

function sameValue(expected: Typed, got: unknown): boolean {
  const [kind, text] = kindAndText(expected);
  if (kind === "int") return typeof got === "bigint" && got === BigInt(text);
  if (kind === "float") return typeof got === "number" && got === Number(text);
  return got === text;
}

function show(value: unknown): string {
  return JSON.stringify(value, (_, v) => (typeof v === "bigint" ? `${v}n` : v));
}

for (const item of document.match) {
  summary.match++;
  const got = router.match(item.url);
  let agrees = (got === null ? null : got.route) === item.route;
  if (agrees && got !== null) {
    const values = got.values as Record<string, unknown>;
    const expected = item.values ?? {};
    agrees = Object.keys(values).length === Object.keys(expected).length &&
      Object.keys(expected).every((name) => sameValue(expected[name], values[name]));
  }
  if (!agrees) {
    summary.matchDisagreements++;
    summary.examples.push(`match ${item.url}: expected ${item.route} ${show(item.values)}, got ${show(got)}`);
  }
}

for (const item of document.build) {
  const types = router.VALUE_TYPES[item.route] ?? {};
  const values: Record<string, unknown> = {};
  let representable = true;
  for (const name of Object.keys(item.values)) {
    const [kind, text] = kindAndText(item.values[name]);
    if (types[name] !== kind) representable = false;
    values[name] = kind === "int" ? BigInt(text) : kind === "float" ? Number(text) : text;
  }
  if (!representable) {
    // A value of another type than the field's (a string for an int): the types refuse it.
    summary.skipped++;
    continue;
  }
  summary.build++;
  const route = { route: item.route, values } as router.Route;
  let got: string;
  try {
    got = router.url(route, item.host === null ? {} : { host: item.host });
  } catch (error) {
    const refused = error instanceof router.RouteBuildError;
    if (!refused || item.url !== undefined || (error as router.RouteBuildError).code !== item.error ||
        (error as router.RouteBuildError).capture !== (item.capture ?? null)) {
      summary.buildDisagreements++;
      summary.examples.push(`build ${show(item)}: got ${refused ? (error as router.RouteBuildError).code + " " + (error as router.RouteBuildError).capture : String(error)}`);
    }
    continue;
  }
  if (got !== item.url) {
    summary.buildDisagreements++;
    summary.examples.push(`build ${show(item)}: got ${got}`);
  }
}

summary.examples = summary.examples.slice(0, 20);
console.log(JSON.stringify(summary));
