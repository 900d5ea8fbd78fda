import { describe, expect, it } from 'vitest';
import { boundingBox } from './plan.ts';

const EARTH_RADIUS_MILES = 3958.8;
const RADIANS = Math.PI / 180;

/** The point `miles` from `origin` on `bearing` (degrees), on the sphere `distanceSql` measures on. */
function destination(origin: { latitude: number; longitude: number }, miles: number, bearing: number) {
  const angle = miles / EARTH_RADIUS_MILES;
  const lat1 = origin.latitude * RADIANS;
  const theta = bearing * RADIANS;
  const lat2 = Math.asin(
    Math.sin(lat1) * Math.cos(angle) + Math.cos(lat1) * Math.sin(angle) * Math.cos(theta),
  );
  const lng2 =
    origin.longitude * RADIANS +
    Math.atan2(
      Math.sin(theta) * Math.sin(angle) * Math.cos(lat1),
      Math.cos(angle) - Math.sin(lat1) * Math.sin(lat2),
    );
  return { latitude: lat2 / RADIANS, longitude: lng2 / RADIANS };
}

describe('the bounding box of a radius', () => {
  it('holds the whole circle, its widest longitudes poleward of the origin included', () => {
    for (const latitude of [19.5, 32.8, 45, 64.8, 71.3]) {
      for (const miles of [5, 25, 100, 250, 500]) {
        const origin = { latitude, longitude: -100 };
        const box = boundingBox(origin, miles);
        for (let bearing = 0; bearing < 360; bearing += 0.5) {
          const edge = destination(origin, miles, bearing);
          const where = `${latitude}° ${miles} mi ${bearing}°`;
          expect(edge.latitude, where).toBeGreaterThanOrEqual(box.minLatitude);
          expect(edge.latitude, where).toBeLessThanOrEqual(box.maxLatitude);
          expect(edge.longitude, where).toBeGreaterThanOrEqual(box.minLongitude);
          expect(edge.longitude, where).toBeLessThanOrEqual(box.maxLongitude);
        }
      }
    }
  });

  it('spans every longitude when the circle reaches a pole', () => {
    const box = boundingBox({ latitude: 89, longitude: 10 }, 100);
    expect(box.maxLongitude - box.minLongitude).toBeGreaterThanOrEqual(360);
  });
});
