"""The shapely 2 / GEOS side of benches/coverage.rs: the same footprints and
province, `shapely.union_all(shapely.intersection(footprints, province))` plus
pyproj's geodesic area of the result. Prints "median_ms area_km2 shapely_version"."""

import json
import statistics
import sys
import time

import numpy as np
import shapely
from pyproj import Geod

RUNS = 7


def main(path):
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    province = shapely.geometry.shape(data["aoi"])
    footprints = np.array([shapely.Polygon(ring) for ring in data["footprints"]])
    geod = Geod(ellps="WGS84")

    def run():
        union = shapely.union_all(shapely.intersection(footprints, province))
        return abs(geod.geometry_area_perimeter(union)[0]) / 1e6

    times = []
    area = 0.0
    for _ in range(RUNS):
        start = time.perf_counter()
        area = run()
        times.append((time.perf_counter() - start) * 1e3)
    print(f"{statistics.median(times):.3f} {area:.3f} {shapely.__version__}")


if __name__ == "__main__":
    main(sys.argv[1])
