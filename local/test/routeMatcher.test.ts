import { describe, expect, it } from 'vitest';
import { compile, findRoute, matchPath } from '../src/devHost/routeMatcher.ts';

describe('route matching like the Functions host', () => {
  const table = [
    compile('v1/users/{id}', 'user'),
    compile('v1/users/me', 'me'),
    compile('v1/users/me/photo/{size}', 'my-photo'),
    compile('v1/items/{id:int}', 'item'),
    compile('v1/files/{*path}', 'file'),
    compile('v1/things/{id?}', 'things'),
  ];
  const find = (path: string) => {
    const found = findRoute(table, path, () => true);
    return typeof found === 'object' ? found : found;
  };

  it('lets a literal segment beat a parameter', () => {
    expect(find('v1/users/me')).toEqual({ value: 'me', params: {} });
    expect(find('v1/users/abc')).toEqual({ value: 'user', params: { id: 'abc' } });
  });

  it('is case-insensitive for literals and accepts a trailing slash', () => {
    expect(find('V1/Users/ME/')).toMatchObject({ value: 'me' });
  });

  it('supports int constraints, catch-all and optional parameters', () => {
    expect(find('v1/items/12')).toMatchObject({ value: 'item', params: { id: '12' } });
    expect(find('v1/items/abc')).toBeUndefined();
    expect(find('v1/files/a/b%20c.pdf')).toMatchObject({ value: 'file', params: { path: 'a/b c.pdf' } });
    expect(find('v1/things')).toMatchObject({ value: 'things', params: {} });
  });

  it('reports a path that matches only with another method', () => {
    expect(findRoute(table, 'v1/users/me', () => false)).toBe('method-not-allowed');
  });

  it('falls back to a less specific template when the more specific one takes another method', () => {
    expect(findRoute(table, 'v1/users/me', (v) => v !== 'me')).toEqual({ value: 'user', params: { id: 'me' } });
    const reversed = [...table].reverse();
    expect(findRoute(reversed, 'v1/users/me', (v) => v !== 'me')).toEqual({ value: 'user', params: { id: 'me' } });
    expect(findRoute(reversed, 'v1/users/me', () => true)).toEqual({ value: 'me', params: {} });
  });

  it('rejects longer paths and bad encodings', () => {
    expect(matchPath(compile('v1/users/{id}', 0), 'v1/users/a/b')).toBeUndefined();
    expect(matchPath(compile('v1/users/{id}', 0), 'v1/users/%E0%A4%A')).toBeUndefined();
  });
});
