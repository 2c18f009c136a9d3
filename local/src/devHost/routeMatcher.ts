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
  return { template, segments, value, score };
}

export function matchPath(compiled: CompiledTemplate<unknown>, path: string): Record<string, string> | undefined {
  const parts = path.split('/').filter(Boolean);
  const params: Record<string, string> = {};
  const { segments } = compiled;
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
    if (segment.literal !== undefined) {
      if (part.toLowerCase() !== segment.literal) return undefined;
      continue;
    }
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
  let pathMatched = false;
  const candidates = table
    .map((c) => ({ c, params: matchPath(c, path) }))
    .filter((x): x is { c: CompiledTemplate<T>; params: Record<string, string> } => x.params !== undefined)
    .sort((a, b) => b.c.score - a.c.score);
  for (const { c, params } of candidates) {
    pathMatched = true;
    if (allowed(c.value)) return { value: c.value, params };
  }
  return pathMatched ? 'method-not-allowed' : undefined;
}
