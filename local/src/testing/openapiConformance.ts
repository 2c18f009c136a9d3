import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';

/*
 * Holds an answer of the API to the OpenAPI document the API serves (`/api/openapi.json`): the status is
 * one the operation declares, the media type one that status declares, the headers it marks required are
 * there, and a JSON body fits the declared schema. The API tests (every answer they receive) and the
 * browser tests (every answer their pages receive) run each answer through `differences`, so the
 * document cannot promise less, or other, than the API answers. Validators are compiled once per
 * operation, status and media type: a check costs a lookup and a schema run.
 */

type Json = Record<string, unknown>;

/** One answer as a test saw it. `path` is the request's path under the origin (with `/api`), query allowed. */
export interface Exchange {
  method: string;
  path: string;
  status: number;
  headers: Headers;
  /** The parsed JSON body when the answer is JSON; anything else is not looked into. */
  body?: unknown;
}

interface Operation {
  id: string;
  template: string;
  /** As the document spells it (lower case). */
  method: string;
  responses: Record<string, Json>;
}

interface PathEntry {
  template: string;
  pattern: RegExp;
  literals: number;
  operations: Record<string, Operation>;
}

const mediaTypeOf = (header: string | null) => (header ?? '').split(';')[0].trim().toLowerCase();

/** Whether a declared media range (`image/*`, `*\/*`, `image/png`) takes a media type. */
function takes(range: string, type: string): boolean {
  const [rangeMain, rangeSub] = range.toLowerCase().split('/');
  const [main, sub] = type.split('/');
  return (rangeMain === '*' || rangeMain === main) && (rangeSub === '*' || rangeSub === sub);
}

export class OpenApiConformance {
  private readonly entries: PathEntry[];
  private readonly ajv = new Ajv2020({
    allErrors: true,
    strict: false,
    formats: { email: /^[^\s@]+@[^\s@]+$/, password: true, uri: true, 'date-time': true, date: true, uuid: true },
  });
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly base: string;

  constructor(document: Json) {
    const servers = (document.servers as { url: string }[] | undefined) ?? [];
    this.base = (servers[0]?.url ?? '').replace(/\/$/, '');
    // The whole document is a schema resource, so `#/components/...` references resolve within it.
    this.ajv.addSchema(document, 'openapi.json');
    const paths = (document.paths ?? {}) as Record<string, Record<string, Json>>;
    this.entries = Object.entries(paths).map(([template, item]) => {
      const segments = template.split('/');
      const operations: Record<string, Operation> = {};
      for (const [method, operation] of Object.entries(item)) {
        if (!['get', 'put', 'post', 'delete', 'patch', 'head', 'options'].includes(method)) continue;
        operations[method.toUpperCase()] = {
          id: String(operation.operationId ?? `${method} ${template}`),
          template,
          method,
          responses: (operation.responses ?? {}) as Record<string, Json>,
        };
      }
      const source = segments.map((s) => (/^\{.+\}$/.test(s) ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/');
      return { template, pattern: new RegExp(`^${source}$`), literals: segments.filter((s) => !s.startsWith('{')).length, operations };
    });
    // Literal segments first: `/v1/users/me` must win over `/v1/users/{userId}`.
    this.entries.sort((a, b) => b.literals - a.literals);
  }

  /** Reads the document an API serves. */
  static async load(apiOrigin: string): Promise<OpenApiConformance> {
    const response = await fetch(`${apiOrigin}/api/openapi.json`);
    if (!response.ok) throw new Error(`GET /api/openapi.json answered ${response.status}`);
    return new OpenApiConformance((await response.json()) as Json);
  }

  /** The operation a request reaches, or undefined for a path or method the document does not name. */
  operationOf(method: string, path: string): Operation | undefined {
    let bare = path.split('?')[0].split('#')[0];
    if (this.base && bare.startsWith(`${this.base}/`)) bare = bare.slice(this.base.length);
    else if (this.base) return undefined;
    const upper = method.toUpperCase();
    for (const entry of this.entries) {
      if (entry.pattern.test(bare) && entry.operations[upper]) return entry.operations[upper];
    }
    return undefined;
  }

  /**
   * What an answer does differently from the document (empty when it conforms). Answers to paths or
   * methods the document does not name (the host's own 404 for an unknown address, a CORS preflight)
   * are outside it and pass.
   */
  differences(exchange: Exchange): string[] {
    const operation = this.operationOf(exchange.method, exchange.path);
    if (!operation) return [];
    const out: string[] = [];
    const status = String(exchange.status);
    const key = status in operation.responses ? status : `${status[0]}XX` in operation.responses ? `${status[0]}XX` : 'default';
    const response = operation.responses[key];
    if (!response) {
      return [`status ${status} is not declared (declared: ${Object.keys(operation.responses).join(', ')})`];
    }
    const headers = (response.headers ?? {}) as Record<string, Json>;
    for (const [name, header] of Object.entries(headers)) {
      if (header.required === true && !exchange.headers.has(name)) out.push(`the ${status} answer lacks the header ${name} it declares as required`);
    }
    const content = response.content as Record<string, Json> | undefined;
    const type = mediaTypeOf(exchange.headers.get('content-type'));
    const length = exchange.headers.get('content-length');
    const hasBody =
      exchange.status !== 204 && exchange.status !== 304 && exchange.method.toUpperCase() !== 'HEAD' && (type !== '' || (length !== null && length !== '0'));
    if (!content) {
      if (hasBody) out.push(`the ${status} answer declares no body, and this one has one (${type || 'untyped'})`);
      return out;
    }
    if (!hasBody) {
      // A 304 or a HEAD carries no body by HTTP's rules, whatever the document says of the full answer.
      if (exchange.status !== 304 && exchange.method.toUpperCase() !== 'HEAD')
        out.push(`the ${status} answer has no body; declared: ${Object.keys(content).join(', ')}`);
      return out;
    }
    const declared = Object.keys(content).find((range) => mediaTypeOf(range) === type) ?? Object.keys(content).find((range) => takes(mediaTypeOf(range), type));
    if (!declared) {
      out.push(`the ${status} answer is ${type || 'untyped'}, declared: ${Object.keys(content).join(', ')}`);
      return out;
    }
    if (!/[/+]json$/.test(type) || exchange.body === undefined || !content[declared].schema) return out;
    const validate = this.validator(operation, key, declared);
    if (!validate(exchange.body)) {
      for (const e of validate.errors ?? []) out.push(`body${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`);
    }
    return out;
  }

  /** Throws, naming the route and every difference, when an answer does not fit the document. */
  assert(exchange: Exchange): void {
    const found = this.differences(exchange);
    if (found.length > 0) throw new Error(this.describe(exchange, found));
  }

  /** `GET /api/v1/... (operation, /v1/template) answered 409: ...` */
  describe(exchange: Exchange, found: string[]): string {
    const operation = this.operationOf(exchange.method, exchange.path);
    const where = operation ? ` (${operation.id}, ${operation.template})` : '';
    return `${exchange.method.toUpperCase()} ${exchange.path}${where} answered ${exchange.status} outside /api/openapi.json: ${found.join('; ')}`;
  }

  private validator(operation: Operation, status: string, mediaType: string): ValidateFunction {
    const key = `${operation.id} ${status} ${mediaType}`;
    let validate = this.validators.get(key);
    if (!validate) {
      const pointer = ['paths', operation.template, operation.method, 'responses', status, 'content', mediaType, 'schema'];
      validate = this.ajv.compile({ $ref: `openapi.json#/${pointer.map((p) => encodeURIComponent(p.replace(/~/g, '~0').replace(/\//g, '~1'))).join('/')}` });
      this.validators.set(key, validate);
    }
    return validate;
  }
}
