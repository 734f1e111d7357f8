"""pystac-client against the running server: every search must return exactly the
fixture scenes that match it (computed here from scenes.geojson with shapely), each
once, newest first (or oldest first when sortby asks), across pages. Usage: client.py ROOT_URL scenes.geojson"""

import datetime
import json
import sys

from pystac_client import Client
from shapely.geometry import box, shape

root, fixture = sys.argv[1], sys.argv[2]
scenes = json.load(open(fixture))["features"]


def when(text):
    return datetime.datetime.fromisoformat(text.replace("Z", "+00:00"))


def expected(keep):
    return {f["properties"]["sceneId"] for f in scenes if keep(f)}


def found(search, newest=True):
    items = list(search.items_as_dicts())
    ids = [i["id"] for i in items]
    assert len(ids) == len(set(ids)), f"an item came twice: {ids}"
    times = [i["properties"]["datetime"] for i in items]
    assert times == sorted(times, reverse=newest), f"not {'newest' if newest else 'oldest'} first: {times}"
    return items, set(ids)


def check(name, search, keep, newest=True):
    items, ids = found(search, newest)
    want = expected(keep)
    assert ids == want, f"{name}: missing {sorted(want - ids)}, extra {sorted(ids - want)}"
    assert want, f"{name}: the fixture should match something"
    print(f"  {name}: {len(ids)} items, each once")
    return items


client = Client.open(root)
collections = {c.id for c in client.get_collections()}
assert collections == {"GF1", "GF2", "GF6"}, collections

area = box(105, 25, 120, 38)
start, end = when("2025-03-01T00:00:00Z"), when("2025-09-30T23:59:59Z")
for method in ("GET", "POST"):
    check(
        f"{method} bbox + datetime + collections, 3 per page",
        client.search(
            method=method,
            bbox=list(area.bounds),
            datetime="2025-03-01T00:00:00Z/2025-09-30T23:59:59Z",
            collections=["GF1", "GF2"],
            limit=3,
        ),
        lambda f: f["properties"]["satellite"] in ("GF1", "GF2")
        and start <= when(f["properties"]["acquiredAt"]) <= end
        and shape(f["geometry"]).intersects(area),
    )

triangle = {"type": "Polygon", "coordinates": [[[100, 22], [122, 30], [100, 42], [100, 22]]]}
check(
    "POST intersects, 4 per page",
    client.search(method="POST", intersects=triangle, limit=4),
    lambda f: shape(f["geometry"]).intersects(shape(triangle)),
)

check(
    "GET open datetime range ../2025-03-31T23:59:59Z, 2 per page",
    client.search(method="GET", datetime="../2025-03-31T23:59:59Z", limit=2),
    lambda f: when(f["properties"]["acquiredAt"]) <= when("2025-03-31T23:59:59Z"),
)

some = sorted(f["properties"]["sceneId"] for f in scenes[5:40:7])
check("GET ids", client.search(method="GET", ids=some), lambda f: f["properties"]["sceneId"] in some)

for method in ("GET", "POST"):
    items = check(
        f"{method} eo:cloud_cover <= 20 (Query extension), 5 per page",
        client.search(method=method, query={"eo:cloud_cover": {"lte": 20}}, limit=5),
        lambda f: f["properties"]["cloud"] <= 20,
    )
    assert all(i["properties"]["eo:cloud_cover"] <= 20 for i in items)

for method in ("GET", "POST"):
    for sortby, newest in (("+properties.datetime", False), ("-properties.datetime", True)):
        check(
            f"{method} intersects sorted by {sortby} (Sort extension), 4 per page",
            client.search(method=method, intersects=triangle, sortby=sortby, limit=4),
            lambda f: shape(f["geometry"]).intersects(shape(triangle)),
            newest,
        )

everything, _ = found(client.search(limit=7))
assert len(everything) == len(scenes), f"paging through everything gave {len(everything)} of {len(scenes)}"
print(f"  all {len(scenes)} scenes paged through 7 at a time, each once")

# The core JSON schemas pystac ships (STAC 1.1.0: the 1.0.0 ones and the extension
# schemas are on web hosts out of reach), applied to a landing page, a collection and
# an item under that version number: a check of their structure.
from jsonschema import Draft7Validator  # noqa: E402
from pystac.validation.local_validator import get_local_schema_cache  # noqa: E402
from referencing import Registry, Resource  # noqa: E402

schemas = get_local_schema_cache()
registry = Registry().with_resources((url, Resource.from_contents(s)) for url, s in schemas.items())
item = everything[0]
collection = client.get_collection(item["collection"]).to_dict()
for kind, doc in (("catalog", client.to_dict()), ("collection", collection), ("item", item)):
    doc = dict(doc, stac_version="1.1.0", stac_extensions=[])
    url = f"https://schemas.stacspec.org/v1.1.0/{kind}-spec/json-schema/{kind}.json"
    Draft7Validator(schemas[url], registry=registry).validate(doc)
print("  landing page, collection and item match the STAC core schemas")
print("pystac-client: all checks passed")
