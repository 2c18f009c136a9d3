/** A floor plan drawn for the demo move: walls, a corridor and rooms, so the planner and the visitor site show a plan rather than a swatch. */
export const FLOOR_PLAN_SIZE = { width: 1200, height: 800 };

export function floorPlanSvg(title: string, accent: string): Buffer {
  const { width, height } = FLOOR_PLAN_SIZE;
  const rooms: string[] = [];
  // Two rows of rooms along a corridor through the middle.
  for (const [y, h] of [
    [40, 320],
    [440, 320],
  ] as const) {
    for (let i = 0; i < 4; i++) rooms.push(`<rect x="${40 + i * 280}" y="${y}" width="280" height="${h}" fill="#fff" stroke="#3b3a39" stroke-width="6"/>`);
  }
  const doors = [0, 1, 2, 3].flatMap((i) => [
    `<rect x="${150 + i * 280}" y="354" width="60" height="12" fill="#f3f2f1"/>`,
    `<rect x="${150 + i * 280}" y="434" width="60" height="12" fill="#f3f2f1"/>`,
  ]);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<rect width="${width}" height="${height}" fill="#f3f2f1"/>
<rect x="40" y="360" width="1120" height="80" fill="${accent}" opacity="0.15"/>
${rooms.join('\n')}
${doors.join('\n')}
<rect x="40" y="40" width="1120" height="720" fill="none" stroke="#201f1e" stroke-width="10"/>
<text x="600" y="412" font-family="sans-serif" font-size="28" text-anchor="middle" fill="#323130">Floor ${title}</text>
</svg>`;
  return Buffer.from(svg, 'utf8');
}
