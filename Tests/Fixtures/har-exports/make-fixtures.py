#!/usr/bin/env python3
"""Writes the HAR fixtures of HARExportFileTests into this folder: one file per exporter shape.

    Tests/Fixtures/har-exports/make-fixtures.py

firefox.har follows Firefox's devtools/client/netmonitor/src/har/har-builder.js (postData with
mimeType, params and text; a urlencoded body has both), mitmproxy.har follows
mitmproxy/addons/savehar.py (postData for POST/PUT/PATCH with text = the body with its
Content-Encoding undone, header kept; indent 4), charles.har the fields Charles 4 writes as far
as public exports show (names as sent, pseudo-headers for HTTP/2, base64 for binary and
compressed bodies; no Charles source was available to check it against), and form-params.har
HAR 1.2's own form shape (params without text). The gzip body is made by Python's gzip (mtime 0),
so the fixture does not come from the code it tests. The files are committed; run this only to
change them, and review the diff.
"""
import argparse, base64, gzip, json, os
argparse.ArgumentParser(description=__doc__.split("\n\n")[0]).parse_args()
os.chdir(os.path.dirname(os.path.abspath(__file__)))
batch = '[{"event":"view","id":1,"path":"/p/42"},{"event":"buy","id":2,"sku":"SKU-42","price":19.99}]'
track = '{"event":"add_to_cart","properties":{"distinct_id":"u-7","sku":"SKU-9","qty":2}}'
gz = gzip.compress(batch.encode(), mtime=0)
proto = bytes((i * 73 + 11) % 256 for i in range(96))

def resp():
    return {"status": 200, "statusText": "OK", "httpVersion": "HTTP/2", "headers": [{"name": "content-type", "value": "application/json"}],
            "cookies": [], "content": {"mimeType": "application/json", "size": 11, "text": "{\"ok\":true}"}, "redirectURL": "", "headersSize": 64, "bodySize": 11}

# Firefox (devtools/client/netmonitor/src/har/har-builder.js): postData is {mimeType, params, text};
# a urlencoded body has both text and the parsed params; HTTP/2 header names in lower case.
ff_entry = lambda url, headers, post, method="POST": {
    "pageref": "page_1", "startedDateTime": "2026-11-30T13:00:00.000+01:00",
    "request": dict({"bodySize": len(post["text"]) if post else 0, "method": method, "url": url, "httpVersion": "HTTP/2",
                "headers": headers, "cookies": [{"name": "sid", "value": "SECRET-FF-COOKIE"}], "queryString": [], "headersSize": 512},
               **({"postData": post} if post else {})),
    "response": resp(), "cache": {}, "timings": {"blocked": 0, "dns": 0, "connect": 0, "ssl": 0, "send": 0, "wait": 41, "receive": 0},
    "time": 41, "_securityState": "secure", "serverIPAddress": "203.0.113.7", "connection": "443"}
h2 = lambda *extra: [{"name": "host", "value": "api.example.com"}, {"name": "user-agent", "value": "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0"},
                     {"name": "accept", "value": "*/*"}, {"name": "cookie", "value": "sid=SECRET-FF-COOKIE"}] + list(extra)
firefox = {"log": {"version": "1.2", "creator": {"name": "Firefox", "version": "133.0"}, "browser": {"name": "Firefox", "version": "133.0"},
  "pages": [{"id": "page_1", "pageTimings": {"onContentLoad": 512, "onLoad": 730}, "startedDateTime": "2026-11-30T13:00:00.000+01:00", "title": "Shop"}],
  "entries": [
    ff_entry("https://api.example.com/v1/batch", h2({"name": "content-type", "value": "application/json"}, {"name": "content-length", "value": str(len(batch))}),
             {"mimeType": "application/json", "params": [], "text": batch}),
    ff_entry("https://shop.example.com/login", h2({"name": "content-type", "value": "application/x-www-form-urlencoded"}),
             {"mimeType": "application/x-www-form-urlencoded", "params": [{"name": "user", "value": "ada"}, {"name": "next", "value": "/cart?x=1"}],
              "text": "user=ada&next=%2Fcart%3Fx%3D1"}),
    ff_entry("https://api.example.com/config", h2(), None, method="GET"),
  ]}}
json.dump(firefox, open("firefox.har", "w"), indent=2)

# mitmproxy (mitmproxy/addons/savehar.py): POST/PUT/PATCH get postData {mimeType, text: get_text(), params};
# text is the body with its Content-Encoding undone, the header kept; HTTP/2 headers in lower case, no pseudo-headers.
def mitm_entry(method, url, headers, post=None):
    request = {"method": method, "url": url, "httpVersion": "HTTP/2.0", "cookies": [], "headers": headers,
               "queryString": [], "headersSize": 180, "bodySize": 0}
    if post is not None:
        request["postData"] = post
    return {"startedDateTime": "2026-11-30T12:00:00.123456+00:00", "time": 52.4, "request": request,
            "response": dict(resp(), httpVersion="HTTP/2.0"), "cache": {},
            "timings": {"connect": -1.0, "ssl": -1.0, "send": 0.3, "receive": 1.2, "wait": 50.9}, "serverIPAddress": "203.0.113.9"}
mitm = {"log": {"version": "1.2", "creator": {"name": "mitmproxy exporthar", "version": "0.1", "comment": "mitmproxy version 11.0.2"}, "pages": [],
  "entries": [
    mitm_entry("POST", "https://api.example.com/v1/batch", [{"name": "content-type", "value": "application/json"}, {"name": "content-encoding", "value": "gzip"},
               {"name": "authorization", "value": "Bearer SECRET-MITM-TOKEN"}], {"mimeType": "application/json", "text": batch, "params": []}),
    mitm_entry("POST", "https://shop.example.com/search", [{"name": "content-type", "value": "application/x-www-form-urlencoded"}],
               {"mimeType": "application/x-www-form-urlencoded", "text": "q=red+shoes&page=2", "params": [{"name": "q", "value": "red shoes"}, {"name": "page", "value": "2"}]}),
    mitm_entry("GET", "https://api.example.com/config", [{"name": "accept", "value": "application/json"}]),
  ]}}
json.dump(mitm, open("mitmproxy.har", "w"), indent=4)

# Charles Proxy 4: header names as sent (HTTP/1.1) or lower case with pseudo-headers (HTTP/2),
# binary and compressed bodies as base64 with "encoding": "base64".
def charles_entry(method, url, version, headers, post):
    return {"startedDateTime": "2026-11-30T12:00:00.000+00:00", "time": 61,
            "request": {"method": method, "url": url, "httpVersion": version, "cookies": [], "headers": headers, "queryString": [],
                        "headersSize": 240, "bodySize": 100, "postData": post},
            "response": dict(resp(), httpVersion=version), "serverIPAddress": "203.0.113.11", "cache": {},
            "timings": {"dns": -1, "connect": -1, "ssl": -1, "send": 1, "wait": 58, "receive": 2}}
charles = {"log": {"version": "1.2", "creator": {"name": "Charles Proxy", "version": "4.6.6"},
  "entries": [
    charles_entry("POST", "https://api.example.com/v1/batch", "HTTP/1.1",
                  [{"name": "Host", "value": "api.example.com"}, {"name": "Content-Type", "value": "application/json; charset=utf-8"},
                   {"name": "Content-Encoding", "value": "gzip"}, {"name": "X-Api-Key", "value": "SECRET-CHARLES-KEY"}],
                  {"mimeType": "application/json; charset=utf-8", "text": base64.b64encode(gz).decode(), "encoding": "base64"}),
    charles_entry("POST", "https://api.example.com/v1/track", "HTTP/2.0",
                  [{"name": ":method", "value": "POST"}, {"name": ":authority", "value": "api.example.com"}, {"name": ":scheme", "value": "https"},
                   {"name": ":path", "value": "/v1/track"}, {"name": "content-type", "value": "application/json"}],
                  {"mimeType": "application/json", "text": track}),
    charles_entry("PUT", "https://upload.example.com/v1/blob", "HTTP/2.0",
                  [{"name": ":method", "value": "PUT"}, {"name": ":path", "value": "/v1/blob"}, {"name": "content-type", "value": "application/x-protobuf"}],
                  {"mimeType": "application/x-protobuf", "text": base64.b64encode(proto).decode(), "encoding": "base64"}),
  ]}}
json.dump(charles, open("charles.har", "w"), indent=2)

# HAR 1.2's own form shape, params without text (as API tools such as httpsnippet's fixtures write it).
def form_entry(url, mime, params, content_type=None):
    return {"startedDateTime": "2026-11-30T12:00:00.000Z", "time": 10,
            "request": {"method": "POST", "url": url, "httpVersion": "HTTP/1.1", "cookies": [], "queryString": [],
                        "headers": [{"name": "content-type", "value": content_type or mime}], "headersSize": -1, "bodySize": -1,
                        "postData": {"mimeType": mime, "params": params}},
            "response": resp(), "cache": {}, "timings": {"send": 0, "wait": 10, "receive": 0}}
forms = {"log": {"version": "1.2", "creator": {"name": "HAR 1.2 form fields", "version": "1"},
  "entries": [
    form_entry("https://shop.example.com/login", "application/x-www-form-urlencoded",
               [{"name": "user", "value": "ada lovelace"}, {"name": "next", "value": "/cart?x=1&y=ü"}, {"name": "remember", "value": ""}]),
    form_entry("https://upload.example.com/form", "multipart/form-data; boundary=----WebKitFormBoundary7MA4YWxkTrZu0gW",
               [{"name": "title", "value": "Grüße"}, {"name": "note", "value": "line 1\r\nline 2"},
                {"name": "file", "value": "Hello World", "fileName": "hello.txt", "contentType": "text/plain"}]),
    form_entry("https://upload.example.com/plain", "multipart/form-data", [{"name": "foo", "value": "bar"}]),
  ]}}
json.dump(forms, open("form-params.har", "w"), indent=2, ensure_ascii=False)
