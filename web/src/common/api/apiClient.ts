import { messages } from '@movers/contracts';
import { ApiError, AuthError } from './errors.ts';

/** Spec part 1, section 9: at most 5 refresh-and-retry rounds; any successful answer resets the count. */
export const TOKEN_RETRY_LIMIT = 5;

export interface ApiClientOptions {
  baseUrl: string;
  /** Returns an access token; `forceRefresh` asks the identity provider for a new one. */
  getToken: (forceRefresh: boolean) => Promise<string>;
  /** Called once the retry limit is used up: the session is no longer authenticated. */
  onExhausted: () => void;
  fetch?: typeof fetch;
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /**
   * For a save made as the page goes away (closing the tab): the request outlives the page (fetch's
   * `keepalive`) and is sent at once, with the token of the last request, since getting a token may wait
   * on work a closing page never finishes.
   */
  keepalive?: boolean;
}

export interface ApiResponse<T> {
  data: T;
  etag?: string;
  response: Response;
}

/** An upload is a POST unless it replaces a file (PUT, with its If-Match). */
export interface UploadOptions {
  method?: 'POST' | 'PUT';
  headers?: Record<string, string>;
}

export interface ApiClient {
  request<T>(path: string, options?: RequestOptions): Promise<ApiResponse<T>>;
  get<T>(path: string): Promise<T>;
  blob(path: string): Promise<Blob>;
  /** Sends a multipart form with upload progress (0 to 1), which fetch cannot report. */
  upload<T>(path: string, form: FormData, onProgress?: (fraction: number) => void, request?: UploadOptions): Promise<T>;
  readonly retries: number;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  let retries = 0;
  let lastToken: string | undefined;

  async function send(path: string, request: RequestOptions, forceRefresh: boolean): Promise<Response> {
    const token = request.keepalive && lastToken && !forceRefresh ? lastToken : await options.getToken(forceRefresh);
    lastToken = token;
    const headers: Record<string, string> = { Accept: 'application/json', ...request.headers, Authorization: `Bearer ${token}` };
    let body: BodyInit | undefined;
    if (request.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(request.body);
    }
    return doFetch(`${options.baseUrl}${path}`, { method: request.method ?? 'GET', headers, body, ...(request.keepalive ? { keepalive: true } : {}) });
  }

  async function raw(path: string, request: RequestOptions = {}): Promise<Response> {
    let response = await send(path, request, false);
    // A 401 gets one token refresh and one retry, within the session-wide retry limit.
    if (response.status === 401) {
      if (retries >= TOKEN_RETRY_LIMIT) {
        options.onExhausted();
        throw new AuthError(messages.auth.backendRejects);
      }
      retries += 1;
      response = await send(path, request, true);
    }
    if (response.ok) retries = 0;
    else if (response.status === 401 && retries >= TOKEN_RETRY_LIMIT) {
      options.onExhausted();
      throw new AuthError(messages.auth.backendRejects);
    }
    if (!response.ok) {
      const type = response.headers.get('content-type') ?? '';
      const errorBody = type.includes('json') ? await response.json().catch(() => undefined) : undefined;
      throw new ApiError(response.status, errorBody);
    }
    return response;
  }

  return {
    get retries() {
      return retries;
    },
    async request<T>(path: string, request: RequestOptions = {}) {
      const response = await raw(path, request);
      const data = (response.status === 204 ? undefined : await response.json()) as T;
      return { data, etag: response.headers.get('etag') ?? undefined, response };
    },
    async get<T>(path: string) {
      return (await this.request<T>(path)).data;
    },
    async blob(path: string) {
      return (await raw(path)).blob();
    },
    async upload<T>(path: string, form: FormData, onProgress?: (fraction: number) => void, request: UploadOptions = {}) {
      const post = (token: string) =>
        new Promise<{ status: number; text: string }>((resolve, reject) => {
          const xhr = new XMLHttpRequest();
          xhr.open(request.method ?? 'POST', `${options.baseUrl}${path}`);
          xhr.setRequestHeader('Authorization', `Bearer ${token}`);
          for (const [name, value] of Object.entries(request.headers ?? {})) xhr.setRequestHeader(name, value);
          xhr.setRequestHeader('Accept', 'application/json');
          xhr.upload.onprogress = (event) => {
            if (event.lengthComputable) onProgress?.(event.loaded / event.total);
          };
          xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
          xhr.onerror = () => reject(new ApiError(0));
          xhr.send(form);
        });
      lastToken = await options.getToken(false);
      let answer = await post(lastToken);
      if (answer.status === 401) {
        lastToken = await options.getToken(true);
        answer = await post(lastToken);
      }
      let body: unknown;
      try {
        body = answer.text ? JSON.parse(answer.text) : undefined;
      } catch {
        body = undefined;
      }
      if (answer.status < 200 || answer.status >= 300) throw new ApiError(answer.status, body as ConstructorParameters<typeof ApiError>[1]);
      return body as T;
    },
  };
}
