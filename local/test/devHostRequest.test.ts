import { describe, expect, it } from 'vitest';
import { HttpRequest } from '@movers/functions/src/platform/azureFunctions.ts';
import { DevHttpRequest } from '../src/devHost/devRequest.ts';

// The dev host's request answers as the Functions library's HttpRequest built from the same input.
const input = (body?: string) => ({
  method: body === undefined ? 'GET' : 'POST',
  url: 'http://127.0.0.1:7071/api/v1/clients/%C3%A6?name=bor&name=x&empty=',
  headers: { authorization: 'Bearer t', 'content-type': 'application/json', 'x-ms-client-principal-id': 'abc', 'if-match': '"1"' },
  params: { clientId: 'æ' },
  library: HttpRequest,
  ...(body === undefined ? {} : { body: Buffer.from(body) }),
});
const library = (i: ReturnType<typeof input>) =>
  new HttpRequest({ method: i.method, url: i.url, headers: i.headers, params: i.params, ...(i.body ? { body: { bytes: i.body } } : {}) });

describe('dev host requests', () => {
  it('have the same method, URL, headers, query and params', () => {
    const dev = new DevHttpRequest(input());
    const lib = library(input());
    expect(dev.method).toBe(lib.method);
    expect(dev.url).toBe(lib.url);
    expect([...dev.headers]).toEqual([...lib.headers]);
    expect([...dev.query]).toEqual([...lib.query]);
    expect(dev.params).toEqual(lib.params);
    expect(dev.user).toEqual(lib.user);
  });

  it('read the same body, once', async () => {
    const body = '\uFEFF{"name":"Ærø AS"}';
    expect(await new DevHttpRequest(input(body)).text()).toBe(await library(input(body)).text());
    expect(await new DevHttpRequest(input('{"a":[1]}')).json()).toEqual({ a: [1] });
    const dev = new DevHttpRequest(input('{}'));
    expect(dev.bodyUsed).toBe(false);
    await dev.arrayBuffer();
    expect(dev.bodyUsed).toBe(true);
    await expect(dev.text()).rejects.toThrow();
    await expect(new DevHttpRequest(input('not json')).json()).rejects.toThrow(SyntaxError);
  });

  it('read a streamed body only when the handler reads it, as the library reads the same bytes', async () => {
    let pulled = 0;
    async function* arriving(parts: string[]) {
      for (const part of parts) {
        pulled++;
        yield Buffer.from(part);
      }
    }
    const body = '\uFEFF{"name":"Ærø AS"}';
    const dev = new DevHttpRequest({ ...input(), method: 'POST', body: arriving([body.slice(0, 5), body.slice(5)]) });
    expect([dev.method, dev.url, dev.headers.get('authorization'), dev.query.get('name'), dev.bodyUsed]).toEqual([
      'POST',
      library(input()).url,
      'Bearer t',
      'bor',
      false,
    ]);
    expect(pulled).toBe(0);
    expect(await dev.text()).toBe(await library(input(body)).text());
    expect(pulled).toBe(2);
    expect(dev.bodyUsed).toBe(true);
    expect(await new DevHttpRequest({ ...input(), method: 'POST', body: arriving(['{"a":', '[1]}']) }).json()).toEqual({ a: [1] });
  });

  it('pass on the error of a streamed body that fails (the host refusing too large a body)', async () => {
    const tooLarge = new Error('too large');
    async function* failing() {
      yield Buffer.from('{"a":');
      throw tooLarge;
    }
    await expect(new DevHttpRequest({ ...input(), method: 'POST', body: failing() }).text()).rejects.toBe(tooLarge);
  });

  it('have no body on GET', async () => {
    const dev = new DevHttpRequest(input());
    expect(dev.body).toBeNull();
    expect(await dev.text()).toBe('');
  });
});
