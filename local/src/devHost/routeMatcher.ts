/**
 * Matches request paths against Azure Functions route templates the way the Functions host does:
 * case-insensitive literals, a trailing slash accepted, literals beating `{param}`, and support for
 * `{id?}`, `{*rest}` and `{id:int}`.
 */
interface Segment {
  literal?: string;
  param?: string;
  optional?: boolean;
  catchAll?: boolean;
  int?: boolean;
}

export interface CompiledTemplate<T> {
  template: string;
  segments: Segment[];
  value: T;
  /** Higher is more specific; used to order candidates. */
  score: number;
  /** How many parts a matching path has at least and at most: most templates are ruled out by this alone. */
  minParts: number;
  maxParts: number;
}

function parse(template: string): Segment[] {
  return template
    .split('/')
    .filter(Boolean)
    .map((part) => {
      const m = /^\{(\*)?(\w+)(?::(\w+))?(\?)?\}$/.exec(part);
      if (!m) return { literal: part.toLowerCase() };
      return { param: m[2], catchAll: Boolean(m[1]), int: m[3] === 'int', optional: Boolean(m[4]) };
    });
}

export function compile<T>(template: string, value: T): CompiledTemplate<T> {
  const segments = parse(template);
  const score = segments.reduce((acc, s, i) => acc + (s.literal ? 2 : s.catchAll ? 0 : 1) * 10 ** (6 - Math.min(i, 6)), 0);
  const minParts = segments.filter((s) => !s.optional && !s.catchAll).length;
  const maxParts = segments.some((s) => s.catchAll) ? Number.POSITIVE_INFINITY : segments.length;
  return { template, segments, value, score, minParts, maxParts };
}

export function matchPath(compiled: CompiledTemplate<unknown>, path: string): Record<string, string> | undefined {
  const parts = path.split('/').filter(Boolean);
  return matchParts(
    compiled,
    parts,
    parts.map((p) => p.toLowerCase()),
  );
}

function matchParts(compiled: CompiledTemplate<unknown>, parts: string[], lowered: string[]): Record<string, string> | undefined {
  const { segments } = compiled;
  // The literals first, with nothing built: the dev host tries every template of the table.
  if (parts.length < compiled.minParts || parts.length > compiled.maxParts) return undefined;
  for (let i = 0; i < segments.length && i < parts.length; i++) {
    const literal = segments[i].literal;
    if (segments[i].catchAll) break;
    if (literal !== undefined && lowered[i] !== literal) return undefined;
  }
  const params: Record<string, string> = {};
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i];
    const part = parts[i];
    if (segment.catchAll) {
      params[segment.param!] = parts.slice(i).map(decodeURIComponent).join('/');
      return params;
    }
    if (part === undefined) {
      if (segment.optional) continue;
      return undefined;
    }
    if (segment.literal !== undefined) continue;
    let value: string;
    try {
      value = decodeURIComponent(part);
    } catch {
      return undefined;
    }
    if (segment.int && !/^-?\d+$/.test(value)) return undefined;
    params[segment.param!] = value;
  }
  return parts.length <= segments.length ? params : undefined;
}

/** Finds the most specific template matching the path; `allowed` filters by method. */
export function findRoute<T>(
  table: CompiledTemplate<T>[],
  path: string,
  allowed: (value: T) => boolean,
): { value: T; params: Record<string, string> } | 'method-not-allowed' | undefined {
  // The path is split once; the first of equally specific templates wins, as in the table's order.
  const parts = path.split('/').filter(Boolean);
  const lowered = parts.map((p) => p.toLowerCase());
  let pathMatched = false;
  let best: { c: CompiledTemplate<T>; params: Record<string, string> } | undefined;
  for (const c of table) {
    if (best && c.score <= best.c.score) continue;
    const params = matchParts(c, parts, lowered);
    if (params === undefined) continue;
    pathMatched = true;
    if (allowed(c.value)) best = { c, params };
  }
  if (best) return { value: best.c.value, params: best.params };
  return pathMatched ? 'method-not-allowed' : undefined;
}
