import { PersonaSize } from '@fluentui/react';
import { type ComponentProps, useContext } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../src/common/api/apiClient.ts';
import { ApiContext } from '../src/common/api/ApiContext.tsx';
import { PersonWithPhoto, toPersona } from '../src/common/people/PeopleInput.tsx';
import { FloorView } from '../src/admin/features/planner/FloorView.tsx';
import type { Floor, Marker } from '@movers/contracts';

// On mount the zoom library reads the props its TransformWrapper was given, `ref` among them
// (ZoomPanPinch.init: `assignRef(this.props.ref, ctx)`), which React's development build answers with
// "`ref` is not a prop" when a `ref` was passed. A server render runs no mount: the real TransformComponent
// is wrapped to make that same read as it renders.
vi.mock('react-zoom-pan-pinch', async (importOriginal) => {
  const zoom = await importOriginal<typeof import('react-zoom-pan-pinch')>();
  function TransformComponent(props: ComponentProps<typeof zoom.TransformComponent>) {
    const instance = useContext(zoom.Context) as unknown as { props: { ref?: unknown } } | null;
    void instance?.props.ref;
    return <zoom.TransformComponent {...props} />;
  }
  return { ...zoom, TransformComponent };
});

// The browser tests run the production build, where React prints no warnings; these render in React's
// development build (Vitest's NODE_ENV is 'test'), where it does, and fail on any.
let warnings: string[];
beforeEach(() => {
  warnings = [];
  for (const method of ['error', 'warn'] as const)
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      warnings.push(args.map(String).join(' '));
    });
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('React warnings in development', () => {
  it("a people picker's suggestion does not spread the persona's key into JSX", () => {
    const api = { fetch: () => new Promise(() => undefined) } as unknown as ApiClient;
    const html = renderToStaticMarkup(
      <ApiContext.Provider value={api}>
        <PersonWithPhoto persona={toPersona({ id: 'u1', displayName: 'Ingrid Hansen', mail: 'ingrid.hansen@movers.test' })} size={PersonaSize.size32} />
      </ApiContext.Provider>,
    );
    expect(html).toContain('Ingrid Hansen');
    expect(warnings.filter((w) => /Warning:|key/.test(w))).toEqual([]);
  });

  it("the planner's floor view with its zoom (react-zoom-pan-pinch) gets no `ref` the library would read as a prop", () => {
    const api = { fetch: () => new Promise(() => undefined), blob: () => new Promise(() => undefined) } as unknown as ApiClient;
    const floor: Floor = {
      id: 'm1_f1',
      moveId: 'm1',
      floor_name: '2',
      file_name: 'floor-2.svg',
      label_color: 'blue',
      floor_size: 'small',
      isDefault: true,
      published: true,
      image: { url: '/v1/layouts/m1_f1/image', title: 'floor-2.svg', version: 'v1', width: 800, height: 600 },
      scale: null,
      entrance: null,
    };
    const marker: Marker = {
      id: 'm1_k1',
      move_layout_id: floor.id,
      marker_type: 'room',
      title: '201',
      coordinates: { positionX: 40, positionY: 50 },
      openSpace: false,
      size: null,
      spaceId: null,
      users: [],
    };
    const html = renderToStaticMarkup(
      <ApiContext.Provider value={api}>
        <FloorView
          floor={floor}
          markers={[marker]}
          nameOf={(m) => `Space ${m.title}: nobody`}
          shortTitleOf={(m) => m.title}
          onPlace={() => undefined}
          onMarker={() => undefined}
          markerElementId={(m) => `marker-${m.id}`}
          pending={null}
        />
      </ApiContext.Provider>,
    );
    expect(html).toContain('Space 201: nobody');
    expect(warnings).toEqual([]);
  });
});
