"""Writes scenes.geojson: 48 made-up but real-shaped scenes over China for the STAC tests.

Deterministic (no randomness): three satellites in turn (GF1, GF2, GF6), one scene
every 7.5 days through 2025, footprints as slightly skewed quadrilaterals spread over
eastern and central China (about 0.5 degrees for the fine cameras, 1.6 for the wide
ones), cloud cover stepping through 0-99. Two pairs of scenes share an acquisition
time so paging has ties to get right. Run: python3 make_scenes.py > scenes.geojson
"""

import datetime
import json

SENSORS = {
    "GF1": [("PMS1", 2.0), ("PMS2", 2.0), ("WFV1", 16.0)],
    "GF2": [("PMS1", 0.8), ("PMS2", 0.8)],
    "GF6": [("PMS", 2.0), ("WFV", 16.0)],
}
START = datetime.datetime(2025, 1, 3, 2, 30, tzinfo=datetime.timezone.utc)


def footprint(lon, lat, size):
    skew = size * 0.15  # descending tracks lean a little to the west
    ring = [
        [lon - size / 2 + skew, lat + size / 2],
        [lon - size / 2, lat - size / 2],
        [lon + size / 2, lat - size / 2],
        [lon + size / 2 + skew, lat + size / 2],
    ]
    ring = [[round(x, 4), round(y, 4)] for x, y in ring]
    return {"type": "Polygon", "coordinates": [ring + [ring[0]]]}


def scene(i):
    satellite = ["GF1", "GF2", "GF6"][i % 3]
    sensor, gsd = SENSORS[satellite][(i // 3) % len(SENSORS[satellite])]
    # Scenes 11 and 31 share the time of the scene before them.
    k = i - 1 if i in (11, 31) else i
    when = START + datetime.timedelta(days=(15 * k) // 2, minutes=10 * (k % 5))
    lon = 100.0 + (i * 5.3) % 22.0
    lat = 23.0 + (i * 3.7) % 20.0
    size = 1.6 if gsd >= 16 else 0.5
    return {
        "type": "Feature",
        "properties": {
            "sceneId": f"{satellite}_{sensor}_{when:%Y%m%d%H%M}_{i:03d}",
            "fileName": f"{satellite}_{sensor}_E{lon:.1f}_N{lat:.1f}_{when:%Y%m%d}_L1A{i:010d}.tar.gz",
            "satellite": satellite,
            "sensor": sensor,
            "acquiredAt": when.strftime("%Y-%m-%dT%H:%M:%SZ"),
            "cloud": float((i * 37 + 10) % 100),
            "resolution": gsd,
            "productLevel": "LEVEL1A",
            "path": 1 + (i * 13) % 800,
            "row": 40 + (i * 7) % 120,
            "sizeMb": round(300 + (i * 53) % 900 + 0.5, 1),
            "online": i % 4 != 0,
        },
        "geometry": footprint(lon, lat, size),
    }


print(json.dumps({"type": "FeatureCollection", "features": [scene(i) for i in range(48)]}, indent=1))
