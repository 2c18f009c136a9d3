import type { HttpRequest as FunctionsHttpRequest, HttpRequestUser } from '@azure/functions';
import type { FunctionsApp } from '../functionsApp.ts';

interface DevRequestInit {
  method: string;
  url: string;
  headers: Record<string, string>;
  params: Record<string, string>;
  /**
   * The body: bytes already read, or a stream (the incoming request) that is read only when the handler
   * reads the body, so a request refused before that (no token, no role, too large a declared length)
   * is answered without its body being read.
   */
  body?: Buffer | AsyncIterable<Uint8Array>;
  /** The Functions library's request class, of the app being served (its bundle's own copy in the tests). */
  library: FunctionsApp['HttpRequest'];
}

/**
 * A request's headers as a `Headers` over the object Node parsed (names in lower case, one value each):
 * the fetch `Headers` class checks and copies every name and value again, which cost a cheap route as
 * much as its token check (issue 40). Reads as `Headers` reads; changes stay in this request's copy.
 */
class PlainHeaders {
  #own: Record<string, string>;
  constructor(given: Record<string, string>) {
    this.#own = { ...given };
  }
  #names() {
    return Object.keys(this.#own).sort();
  }
  get(name: string): string | null {
    return this.#own[name.toLowerCase()] ?? null;
  }
  has(name: string): boolean {
    return Object.hasOwn(this.#own, name.toLowerCase());
  }
  set(name: string, value: string): void {
    this.#own[name.toLowerCase()] = String(value);
  }
  append(name: string, value: string): void {
    const key = name.toLowerCase();
    this.#own[key] = this.#own[key] === undefined ? String(value) : `${this.#own[key]}, ${value}`;
  }
  delete(name: string): void {
    delete this.#own[name.toLowerCase()];
  }
  getSetCookie(): string[] {
    return this.#own['set-cookie'] === undefined ? [] : [this.#own['set-cookie']];
  }
  forEach(callback: (value: string, key: string, parent: Headers) => void, thisArg?: unknown): void {
    for (const key of this.#names()) callback.call(thisArg, this.#own[key], key, this as unknown as Headers);
  }
  *entries(): IterableIterator<[string, string]> {
    for (const key of this.#names()) yield [key, this.#own[key]];
  }
  *keys(): IterableIterator<string> {
    yield* this.#names();
  }
  *values(): IterableIterator<string> {
    for (const key of this.#names()) yield this.#own[key];
  }
  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.entries();
  }
}

/**
 * The request a handler gets from the dev host: the Functions library's HttpRequest, built only when a
 * handler reads the body or the user or clones the request. Method, URL, headers, query and params,
 * which every request reads, are answered as the library answers them without building a fetch
 * `Request` (which costs more than a cheap route's own work). A streamed body becomes the library's
 * request the way the library builds one when the Functions host streams HTTP (its createStreamRequest:
 * a fetch `Request` over the stream).
 */
export class DevHttpRequest implements FunctionsHttpRequest {
  readonly method: string;
  readonly params: Record<string, string>;
  #init: DevRequestInit;
  #url?: URL;
  #headers?: Headers;
  #library?: FunctionsHttpRequest;

  constructor(init: DevRequestInit) {
    this.#init = init;
    this.method = init.method;
    this.params = init.params;
  }

  #parsed(): URL {
    this.#url ??= new URL(this.#init.url);
    return this.#url;
  }

  #full(): FunctionsHttpRequest {
    this.#library ??= this.#build();
    return this.#library;
  }

  #build(): FunctionsHttpRequest {
    const { method, url, headers, params, body, library: HttpRequest } = this.#init;
    if (body === undefined || Buffer.isBuffer(body)) {
      return new HttpRequest({ method, url, headers, params, ...(body && body.length > 0 ? { body: { bytes: body } } : {}) });
    }
    const nativeRequest = new Request(url, { method, headers, body: body as unknown as BodyInit, duplex: 'half' } as RequestInit);
    return new HttpRequest({ nativeRequest, params } as unknown as ConstructorParameters<typeof HttpRequest>[0]);
  }

  get url(): string {
    return this.#parsed().href;
  }
  get headers(): Headers {
    this.#headers ??= new PlainHeaders(this.#init.headers) as unknown as Headers;
    return this.#headers;
  }
  get query(): URLSearchParams {
    return this.#parsed().searchParams;
  }
  get user(): HttpRequestUser | null {
    return this.#full().user;
  }
  get body(): FunctionsHttpRequest['body'] {
    return this.#full().body;
  }
  get bodyUsed(): boolean {
    return this.#library?.bodyUsed ?? false;
  }
  arrayBuffer(): ReturnType<FunctionsHttpRequest['arrayBuffer']> {
    return this.#full().arrayBuffer();
  }
  blob(): ReturnType<FunctionsHttpRequest['blob']> {
    return this.#full().blob();
  }
  formData(): ReturnType<FunctionsHttpRequest['formData']> {
    return this.#full().formData();
  }
  json(): Promise<unknown> {
    return this.#full().json();
  }
  text(): Promise<string> {
    return this.#full().text();
  }
  clone(): FunctionsHttpRequest {
    return this.#full().clone();
  }
}
