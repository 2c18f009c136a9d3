import { api as routes, type Floor } from '@movers/contracts';
import type { CSSProperties } from 'react';
import { keyOf } from '../../../common/api/route.ts';
import { useBlobUrl } from '../../../common/api/useBlobUrl.ts';

/** A floor's plan, read with the bearer token; its version in the address lets the browser keep it. */
export function useFloorImage(floor: Floor | undefined) {
  return useBlobUrl(floor ? keyOf(routes.planner.image, { layoutId: floor.id }, { v: floor.image.version }) : null);
}

/** A floor's plan; `alt` '' when something beside it already names it (a caption), so it is not read twice. */
export function FloorImage({ floor, style, alt }: { floor: Floor; style?: CSSProperties; alt: string }) {
  const url = useFloorImage(floor);
  const placeholder = { ...style, aspectRatio: `${floor.image.width} / ${floor.image.height}`, background: '#f3f2f1' };
  if (url) return <img src={url} alt={alt} style={style} width={floor.image.width} height={floor.image.height} />;
  return alt ? <div role="img" aria-label={alt} style={placeholder} /> : <div aria-hidden="true" style={placeholder} />;
}
