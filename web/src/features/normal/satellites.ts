// The satellite filter (pure; tested in satellites.test.ts): the catalogue as a tree of
// origin groups (国产, 国外, 其他), satellites and their sensors, and the tree's checked keys
// as the search's satellite choices, and back.
import type { Catalogue, SatelliteChoice } from './api/types';

export interface SatelliteNode {
  value: string;
  title: string;
  children?: SatelliteNode[];
}

/** Catalogue `properties`: where a satellite comes from. */
export const ORIGINS: readonly { properties: number; label: string }[] = [
  { properties: 1, label: '国产' },
  { properties: 2, label: '国外' },
  { properties: 3, label: '其他' },
];

const groupKey = (properties: number) => `g:${properties}`;
const satelliteKey = (satellite: string) => `s:${satellite}`;
const sensorKey = (satellite: string, sensor: string) => `n:${satellite}:${sensor}`;

export function satelliteTree(catalogue: Catalogue): SatelliteNode[] {
  return ORIGINS.map(({ properties, label }) => ({
    value: groupKey(properties),
    title: label,
    children: catalogue.satellites
      .filter((satellite) => satellite.properties === properties)
      .map((satellite) => {
        const sensors = catalogue.sensors[satellite.value] ?? [];
        return {
          value: satelliteKey(satellite.value),
          title: `${satellite.label}（${satellite.value}）`,
          ...(sensors.length > 1 && {
            children: sensors.map((sensor) => ({
              value: sensorKey(satellite.value, sensor.id),
              title: sensor.id,
            })),
          }),
        };
      }),
  })).filter((group) => group.children.length > 0);
}

/**
 * The choices of checked keys (a group: all its satellites; a satellite: all its sensors; a
 * sensor: that sensor of its satellite), in catalogue order.
 */
export function choicesOf(keys: readonly string[], catalogue: Catalogue): SatelliteChoice[] {
  const checked = new Set(keys);
  return catalogue.satellites.flatMap((satellite): SatelliteChoice[] => {
    const whole =
      checked.has(groupKey(satellite.properties)) || checked.has(satelliteKey(satellite.value));
    if (whole) return [{ satellite: satellite.value, sensors: [] }];
    const sensors = (catalogue.sensors[satellite.value] ?? [])
      .map((sensor) => sensor.id)
      .filter((sensor) => checked.has(sensorKey(satellite.value, sensor)));
    return sensors.length ? [{ satellite: satellite.value, sensors }] : [];
  });
}

/** The tree keys that show `choices` checked. */
export function keysOf(choices: readonly SatelliteChoice[]): string[] {
  return choices.flatMap(({ satellite, sensors = [] }) =>
    sensors.length
      ? sensors.map((sensor) => sensorKey(satellite, sensor))
      : [satelliteKey(satellite)],
  );
}
