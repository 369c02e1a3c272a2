#!/usr/bin/env python3
"""Drives a running switchyard-links: one request of each kind, each response checked against
the OpenAPI document the server itself serves (status documented, content type, JSON body valid
against the response's schema, with jsonschema's Draft 2020-12 validator).

usage: links-check.py BASE_URL TOKEN
"""
import http.client
import json
import re
import sys
import urllib.parse

import jsonschema

base, token = sys.argv[1], sys.argv[2]
parsed = urllib.parse.urlsplit(base)
failures = []
checked = 0


def request(method, path, body=None, headers=None):
    connection = http.client.HTTPConnection(parsed.hostname, parsed.port, timeout=30)
    connection.request(method, path, body=body, headers=headers or {})
    response = connection.getresponse()
    data = response.read()
    connection.close()
    return response.status, dict((k.lower(), v) for k, v in response.getheaders()), data


status, _, data = request("GET", "/v1/openapi.json")
assert status == 200, f"GET /v1/openapi.json: {status}"
document = json.loads(data)


def resolve(node):
    while isinstance(node, dict) and "$ref" in node:
        target = document
        for part in node["$ref"].lstrip("#/").split("/"):
            target = target[part]
        node = target
    return node


def operation(method, path):
    for template, item in document["paths"].items():
        pattern = "^" + re.sub(r"\\\{[^}]+\\\}", "[^/]+", re.escape(template)) + "$"
        if re.match(pattern, path.split("?")[0]) and method.lower() in item:
            return template, item[method.lower()]
    return None, None


def check(method, path, expected, body=None, headers=None):
    """Sends a request, checks the status and that the response conforms; returns the body."""
    global checked
    status, response_headers, data = request(method, path, body, headers)
    checked += 1
    where = f"{method} {path}"
    if status != expected:
        failures.append(f"{where}: status {status}, expected {expected}: {data[:300]!r}")
        return data
    template, op = operation(method, path)
    if op is None:
        failures.append(f"{where}: no operation in the document")
        return data
    responses = op.get("responses", {})
    spec = responses.get(str(status)) or responses.get(f"{str(status)[0]}XX") or responses.get("default")
    if spec is None:
        failures.append(f"{where}: status {status} is not documented for {template}")
        return data
    spec = resolve(spec)
    content = spec.get("content")
    if content:
        media = response_headers.get("content-type", "").split(";")[0].strip()
        if media not in content:
            failures.append(f"{where}: content type {media!r} not in {list(content)}")
            return data
        schema = content[media].get("schema")
        if schema is not None and media == "application/json":
            root = dict(schema)
            root["components"] = document.get("components", {})
            try:
                jsonschema.Draft202012Validator(root).validate(json.loads(data))
            except (jsonschema.ValidationError, json.JSONDecodeError) as error:
                failures.append(f"{where}: body does not conform: {str(error)[:400]}")
    return data


auth = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
ios = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1"
android = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.71 Mobile Safari/537.36"
crawler = "facebookexternalhit/1.1"

check("GET", "/healthz", 200)
minted = json.loads(check("POST", "/v1/links", 201, json.dumps({"url": "https://example.com/articles/7/hello", "title": "Hello"}), auth))
code = minted.get("code", "missing")
check("POST", "/v1/links", 201, json.dumps({"route": "user", "values": {"id": 42}}), auth)
check("POST", "/v1/links", 201, json.dumps({"url": "myapp://home", "code": "ci-home", "expires": "2999-01-01T00:00:00Z"}), auth)
check("POST", "/v1/links", 409, json.dumps({"url": "myapp://home", "code": "ci-home"}), auth)
check("POST", "/v1/links", 400, "{not json", auth)
check("POST", "/v1/links", 400, json.dumps({"url": "myapp://home", "image": "javascript:alert(1)"}), auth)
check("POST", "/v1/links", 422, json.dumps({"url": "https://evil.example.org/x"}), auth)
# A URL a browser reads on another host than the router (a backslash ends the host): refused.
check("POST", "/v1/links", 422, json.dumps({"url": "https://evil.example.org\\@example.com/x"}), auth)
# A path-only route under the table's accepted origins is built as its web URL.
orders = json.loads(check("POST", "/v1/links", 201, json.dumps({"route": "orders"}), auth))
if not orders.get("url", "").startswith("https://"):
    failures.append(f"POST /v1/links by route (accepted origins): not a web URL: {orders}")
check("POST", "/v1/links", 401, json.dumps({"url": "myapp://home"}), {"Content-Type": "application/json"})
check("POST", "/v1/links", 413, json.dumps({"url": "myapp://home", "title": "a" * 70000}), auth)
check("GET", f"/l/{code}", 302)
# A link of the app alone on a desktop: a page saying to open it on a phone, never a redirect
# to the app's scheme.
check("GET", "/l/ci-home", 200)
check("GET", f"/l/{code}", 200, headers={"User-Agent": crawler})
check("GET", f"/l/{code}", 200, headers={"User-Agent": ios})
android_page = check("GET", f"/l/{code}", 200, headers={"User-Agent": android}).decode("utf-8", "replace")
# The Android landing page hands out an install token in Google Play's referrer; it is redeemed
# once (200), then refused (410).
# The token is URL-safe base64 (it carries the code, its expiry and an HMAC).
found = re.search(r"referrer=switchyard_token%3D([A-Za-z0-9_-]{40,})\"", android_page)
if found is None:
    failures.append("GET /l/CODE (Android): no install token in the Google Play link")
    install_token = "missing"
else:
    install_token = found.group(1)
json_only = {"Content-Type": "application/json"}
check("POST", "/v1/redeem", 200, json.dumps({"token": install_token}), json_only)
check("POST", "/v1/redeem", 410, json.dumps({"token": install_token}), json_only)
check("POST", "/v1/redeem", 404, json.dumps({"token": "A" * 22}), json_only)
check("POST", "/v1/redeem", 400, json.dumps({"tokens": install_token}), json_only)
check("GET", "/l/no-such-code", 404)
check("GET", f"/v1/links/{code}", 200)
check("GET", "/v1/links/no-such-code", 404)
check("GET", "/.well-known/apple-app-site-association", 200)
check("GET", "/.well-known/assetlinks.json", 200)
check("GET", "/v1/openapi.json", 200)
bearer = {"Authorization": f"Bearer {token}"}
stats = json.loads(check("GET", "/v1/stats?by=route", 200, headers=bearer))
if stats.get("total", 0) < 1:
    failures.append(f"GET /v1/stats: the visits above were not counted: {stats}")
totals = stats.get("totals", {})
if sorted(totals) != ["appOpens", "clicks", "installs", "previews"] or totals["clicks"] != stats["total"]:
    failures.append(f"GET /v1/stats: totals should count clicks, previews, app opens and installs apart: {stats}")
csv = check("GET", "/v1/stats?by=platform", 200, headers={**bearer, "Accept": "text/csv"})
if not csv.startswith(b"platform,clicks,previews,app_opens,installs\r\n"):
    failures.append(f"GET /v1/stats (CSV): {csv[:100]!r}")
check("GET", "/v1/stats?by=ip", 400, headers=bearer)
check("GET", "/v1/stats?cod=x", 400, headers=bearer)
# The minted link's own counts: the crawler's fetch is a preview, never a click; the app's
# GET /v1/links/CODE is an app open and the redemption an install.
own = json.loads(check("GET", f"/v1/stats?by=platform&code={code}", 200, headers=bearer))
crawler_row = next((row for row in own.get("rows", []) if row.get("key") == "crawler"), {})
own_totals = own.get("totals", {})
if crawler_row.get("clicks") != 0 or crawler_row.get("previews", 0) < 1:
    failures.append(f"GET /v1/stats?code=: a crawler's preview counted as a click: {own}")
if own_totals.get("appOpens", 0) < 1 or own_totals.get("installs", 0) < 1 or own.get("code") != code:
    failures.append(f"GET /v1/stats?code=: the app open and the install were not counted: {own}")
check("GET", "/v1/stats", 401)
admin = check("GET", "/admin", 200, headers=bearer)
if b"<svg" not in admin:
    failures.append("GET /admin: no SVG chart")
# Without a token or a session, a browser gets the sign-in form (HTML); a wrong bearer token
# is still a JSON 401 for scripts.
sign_in = check("GET", "/admin", 200)
if b'action="/admin/session"' not in sign_in:
    failures.append("GET /admin without a session: no sign-in form")
check("GET", "/admin", 401, headers={"Authorization": "Bearer wrong"})

# Managing links: a page of the list, a change through the minting checks, an end (then 410).
listed = json.loads(check("GET", "/v1/links?limit=2", 200, headers=bearer))
if len(listed.get("links", [])) != 2 or "next" not in listed:
    failures.append(f"GET /v1/links?limit=2: not a page of two with next: {listed}")
check("GET", "/v1/links?prefix=ci-", 200, headers=bearer)
check("GET", "/v1/links?limit=0", 400, headers=bearer)
check("GET", "/v1/links", 401)
changed = json.loads(check("PATCH", f"/v1/links/{code}", 200, json.dumps({"title": None, "description": "Changed", "url": "https://example.com/articles/8/changed"}), auth))
if changed.get("url") != "https://example.com/articles/8/changed" or "title" in changed:
    failures.append(f"PATCH /v1/links/CODE: the change is not in the answer: {changed}")
check("PATCH", f"/v1/links/{code}", 422, json.dumps({"url": "https://evil.example.org/x"}), auth)
check("PATCH", f"/v1/links/{code}", 400, json.dumps({"code": "other"}), auth)
check("PATCH", "/v1/links/no-such-code", 404, json.dumps({"title": "x"}), auth)
check("PATCH", f"/v1/links/{code}", 401, json.dumps({"title": "x"}), {"Content-Type": "application/json"})
check("DELETE", f"/v1/links/{code}", 204, headers=bearer)
check("DELETE", f"/v1/links/{code}", 410, headers=bearer)
check("GET", f"/l/{code}", 410)
check("GET", f"/v1/links/{code}", 410)

for failure in failures:
    print("links-check: " + failure, file=sys.stderr)
print(f"links-check: {checked} requests, {len(failures)} failures")
sys.exit(1 if failures else 0)
