#!/usr/bin/env python3
"""Writes the hostile and small real seed files of the parser fuzz tests into
corpus/<parser>/. Run again to regenerate; the output is deterministic."""

import io
import os
import struct
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
SQUARE = [(114.3, 30.3), (115.1, 30.3), (115.1, 30.9), (114.3, 30.9), (114.3, 30.3)]


def put(parser, name, data):
    folder = os.path.join(HERE, "corpus", parser)
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, name), "wb") as f:
        f.write(data.encode() if isinstance(data, str) else data)


def zipped(members):
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in members:
            info = zipfile.ZipInfo(name, date_time=(2025, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, data)
    return out.getvalue()


def shp(points):
    """A .shp with one polygon of one ring (clockwise, as shapefiles want), and its .shx."""
    points = points[::-1]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    bbox = struct.pack("<4d", min(xs), min(ys), max(xs), max(ys))
    content = struct.pack("<i", 5) + bbox + struct.pack("<ii", 1, len(points)) + struct.pack("<i", 0)
    content += b"".join(struct.pack("<2d", *p) for p in points)
    record = struct.pack(">ii", 1, len(content) // 2) + content

    def header(length):
        return struct.pack(">7i", 9994, 0, 0, 0, 0, 0, length // 2) + struct.pack("<ii", 1000, 5) + bbox + b"\0" * 32

    index = header(108) + struct.pack(">ii", 50, len(content) // 2)
    return header(100 + len(record)) + record, index


def dbf(records, fields, rows):
    """A dBase III table: fields are (name, length) character fields."""
    header_len = 32 + 32 * len(fields) + 1
    record_len = 1 + sum(n for _, n in fields)
    out = struct.pack("<B3BIHH20x", 3, 125, 1, 1, records, header_len, record_len)
    for name, n in fields:
        out += name.encode().ljust(11, b"\0") + b"C" + b"\0" * 4 + bytes([n, 0]) + b"\0" * 14
    out += b"\r"
    for row in rows:
        out += b" " + b"".join(v.encode("gbk").ljust(n, b" ") for v, (_, n) in zip(row, fields))
    return out + b"\x1a"


def concat(parts):
    """frykit's concat(parts): a count, each part's size, the parts."""
    return struct.pack("<I", len(parts)) + b"".join(struct.pack("<I", len(p)) for p in parts) + b"".join(parts)


def fry_coords(points):
    """frykit coordinates, absolute (flag 0): 2e-6 degree steps from (-180, -90)."""
    return struct.pack("<I", 0) + b"".join(struct.pack("<II", round((x + 180) / 2e-6), round((y + 90) / 2e-6)) for x, y in points)


def main():
    # WKT: real shapes, and 2,000 nested collections (once a stack overflow).
    put("wkt", "square.wkt", "POLYGON((" + ", ".join(f"{x} {y}" for x, y in SQUARE) + "))\n")
    put("wkt", "two-ewkt.wkt", "SRID=4326;MULTIPOLYGON(((114 30, 115 30, 115 31, 114 30)))\nPOLYGON((120 30, 121 30, 121 31, 120 30), (120.2 30.1, 120.5 30.1, 120.5 30.3, 120.2 30.1))\n")
    put("wkt", "deep-collection.wkt", "GEOMETRYCOLLECTION(" * 2000 + "POINT(114 30)" + ")" * 2000)
    # GeoJSON: a feature collection, a crs member, collections nested beyond the bound.
    ring = "[" + ",".join(f"[{x},{y}]" for x, y in SQUARE) + "]"
    put("geojson", "square.geojson", '{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"name":"范围"},"geometry":{"type":"Polygon","coordinates":[' + ring + "]}}]}")
    put("geojson", "crs84.geojson", '{"type":"Feature","crs":{"type":"name","properties":{"name":"urn:ogc:def:crs:OGC:1.3:CRS84"}},"properties":null,"geometry":{"type":"MultiPolygon","coordinates":[[' + ring + "]]}}")
    deep = '{"type":"Polygon","coordinates":[' + ring + "]}"
    for _ in range(40):
        deep = '{"type":"GeometryCollection","geometries":[' + deep + "]}"
    put("geojson", "deep-collection.geojson", deep)
    put("geojson", "deep-arrays.geojson", '{"type":"Polygon","coordinates":' + "[" * 5000 + "]" * 5000 + "}")
    # KML: a real document, folders nested deep, and an entity expansion bomb.
    coords = " ".join(f"{x},{y},0" for x, y in SQUARE)
    kml = ('<?xml version="1.0" encoding="UTF-8"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document><Folder><Placemark><name>范围</name>'
           f"<Polygon><outerBoundaryIs><LinearRing><coordinates>{coords}</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark></Folder></Document></kml>")
    put("kml", "square.kml", kml)
    put("kml", "deep-folders.kml", "<kml>" + "<Folder>" * 5000 + "</Folder>" * 5000 + "</kml>")
    laughs = '<?xml version="1.0"?><!DOCTYPE kml [<!ENTITY a "lol">' + "".join(f'<!ENTITY {chr(98 + i)} "' + f"&{chr(97 + i)};" * 10 + '">' for i in range(9)) + "]><kml><name>&j;</name></kml>"
    put("kml", "billion-laughs.kml", laughs)
    # Quadratic in the XML parser: attributes of one element, nested namespace declarations.
    put("kml", "many-attributes.kml", "<kml><Document" + "".join(f' a{i}="1"' for i in range(5000)) + "/></kml>")
    put("kml", "nested-namespaces.kml", "<kml>" + "".join(f'<a xmlns:n{i}="u">' for i in range(1000)) + "</a>" * 1000 + "</kml>")
    # KMZ: the real document zipped, and one whose KML is a bomb.
    put("kmz", "square.kmz", zipped([("doc.kml", kml)]))
    put("kmz", "bomb.kmz", zipped([("doc.kml", "<kml>" + " " * (20 << 20) + "</kml>")]))
    # Zipped shapefiles: a complete one, 8 million empty records (once 370 MB),
    # a zip bomb, a huge .prj.
    shape, index = shp(SQUARE)
    prj = 'GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137.0,298.257223563]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]]'
    table = dbf(1, [("name", 10), ("adcode", 6)], [("武汉", "420100")])
    put("shapefile", "square.zip", zipped([("area.shp", shape), ("area.shx", index), ("area.dbf", table), ("area.prj", prj), ("area.cpg", "GBK")]))
    put("shapefile", "eight-million-records.zip", zipped([("area.shp", shape), ("area.shx", index), ("area.dbf", dbf(8_000_000, [], []) [:-1] + b" " * 8_000_000 + b"\x1a")]))
    put("shapefile", "bomb.zip", zipped([("area.shp", shape), ("area.dbf", b"\0" * (40 << 20))]))
    put("shapefile", "huge-prj.zip", zipped([("area.shp", shape), ("area.prj", " " * (1 << 20))]))
    # Lists of mode 5: names with a header, path/rows, GBK, UTF-16, a line of many fields.
    put("lists", "names.csv", "文件名,备注\nGF1_PMS1_E114.3_N30.5_20250101_L1A00001.tar.gz,一\nGF2_PMS1_E114.5_N30.5_20250102_L1A00002\n")
    put("lists", "pathrows.txt", "satellite,path,row\nGF1,100,50\n101 51\n102;52\n")
    put("lists", "gbk.txt", "文件名\n高分一号.tar.gz\n".encode("gbk"))
    put("lists", "utf16.txt", "\ufeffGF1,100,50\n".encode("utf-16-le"))
    put("lists", "many-fields.txt", ",".join(["1"] * 20_000) + "\n")
    # Scene import: GeoJSON and CSV.
    scene = ('{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"sceneId":"GF1_A","satellite":"GF1","sensor":"PMS1",'
             '"acquiredAt":"2025-03-01T03:00:00Z","cloud":12.5,"path":612,"row":88},"geometry":{"type":"Polygon","coordinates":[' + ring + "]}}]}")
    put("scenes-geojson", "scenes.geojson", scene)
    put("scenes-csv", "scenes.csv", "sceneId,satellite,sensor,acquiredAt,cloud,footprint\nGF1_A,GF1,PMS1,2025-03-01T03:00:00Z,12.5,\"POLYGON((114 30,115 30,115 31,114 31,114 30))\"\n")
    put("scenes-csv", "deep.csv", "sceneId,satellite,sensor,acquiredAt,cloud,footprint\nGF1_A,GF1,PMS1,2025-03-01T03:00:00Z,1,\"" + "GEOMETRYCOLLECTION(" * 2000 + ")" * 2000 + "\"\n")
    # frykit boundaries (region import): a polygon and a point, and 100 nested collections.
    polygon = struct.pack("<I", 5) + concat([fry_coords(SQUARE[::-1])])
    point = struct.pack("<I", 0) + fry_coords(SQUARE[:1])
    put("frykit", "polygon-and-point.bin", concat([polygon, point]))
    deep = point
    for _ in range(100):
        deep = struct.pack("<I", 7) + concat([deep])
    put("frykit", "deep-collection.bin", concat([deep]))
    put("frykit", "huge-count.bin", struct.pack("<I", 0xFFFFFFFF))
    # Region import: GeoJSON regions.
    put("regions", "regions.geojson", '{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"adcode":420000,"name":"湖北省","short_name":"湖北"},"geometry":{"type":"Polygon","coordinates":[' + ring + "]}}]}")
    # Spot import: a wind farm in 江夏区 as GeoJSON, land-cover spots as CSV, a nest of WKT.
    spot = "[[114.310,30.245],[114.312,30.245],[114.312,30.247],[114.310,30.247],[114.310,30.245]]"
    put("spots-geojson", "spots.geojson", '{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"batch":"2024Q3","change":1,"name":"江夏风电场","capacityMw":49.5,"turbines":25,"xzqdm":"420115"},"geometry":{"type":"Polygon","coordinates":[' + spot + "]}}]}")
    put("spots-csv", "spots.csv", "batch,tblx,change,xzqdm,wkt\n2024Q3,1,0,420115,\"POLYGON((114.310 30.245,114.312 30.245,114.312 30.247,114.310 30.245))\"\n2024Q3,水域变化,扩张,,\"MULTIPOLYGON(((114.310 30.245,114.312 30.245,114.312 30.247,114.310 30.245)))\"\n")
    put("spots-csv", "deep.csv", "batch,tblx,wkt\n2024Q3,1,\"" + "GEOMETRYCOLLECTION(" * 2000 + ")" * 2000 + "\"\n")
    # Element sets (import tle): three real 3LE sets of the orbit crate's demo (CelesTrak,
    # 2025-10-03), the same as bare TLE with CR LF, and 高分一号 as OMM JSON and XML (the
    # orbit crate's own test inputs).
    orbit = os.path.join(HERE, "..", "..", "..", "orbit")
    with open(os.path.join(orbit, "data", "demo_2025-10-03.tle"), encoding="utf-8") as f:
        lines = f.read().splitlines()[:9]
    put("element-sets", "three-3le.tle", "\n".join(lines) + "\n")
    put("element-sets", "two-line-crlf.tle", "\r\n".join(l for i, l in enumerate(lines) if i % 3) + "\r\n")
    with open(os.path.join(orbit, "src", "omm.rs"), encoding="utf-8") as f:
        omm = f.read()
    for name, const in (("gf1-omm.json", "GF1_JSON"), ("gf1-omm.xml", "GF1_XML")):
        start = omm.index("const %s: &str = r#\"" % const) + len("const %s: &str = r#\"" % const)
        put("element-sets", name, omm[start:omm.index('"#;', start)])


if __name__ == "__main__":
    main()
