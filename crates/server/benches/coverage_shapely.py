"""The shapely 2 / GEOS side of benches/coverage.rs on the same footprints and
province, as a GEOS user would write it: `shapely.union_all` of the
footprints, then one intersection with the province, and pyproj's geodesic
area of the result. (Intersecting every footprint with the province first
and then taking the union is ten times slower, a formulation nobody would
pick.) Prints "median_ms area_km2 shapely_version union_all_median_ms
union_all_area_km2"."""

import json
import statistics
import sys
import time

import numpy as np
import shapely
from pyproj import Geod

RUNS = 7


def median_ms(work):
    times = []
    result = None
    for _ in range(RUNS):
        start = time.perf_counter()
        result = work()
        times.append((time.perf_counter() - start) * 1e3)
    return statistics.median(times), result


def main(path):
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    province = shapely.geometry.shape(data["aoi"])
    footprints = np.array([shapely.Polygon(ring) for ring in data["footprints"]])
    geod = Geod(ellps="WGS84")

    def clipped_area():
        clipped = shapely.intersection(shapely.union_all(footprints), province)
        return abs(geod.geometry_area_perimeter(clipped)[0]) / 1e6

    ms, area = median_ms(clipped_area)
    union_ms, union = median_ms(lambda: shapely.union_all(footprints))
    union_area = abs(geod.geometry_area_perimeter(union)[0]) / 1e6
    print(f"{ms:.3f} {area:.6f} {shapely.__version__} {union_ms:.3f} {union_area:.6f}")


if __name__ == "__main__":
    main(sys.argv[1])
