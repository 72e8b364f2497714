#!/usr/bin/env python3
"""Summarise `govulncheck -format json` (stdin): the vulnerabilities the code
calls (a finding whose trace reaches a function), one line each, and exit 1
when any is in a module (fixable in go.mod). Called standard-library
vulnerabilities need a newer Go toolchain than the one running: they are
listed as warnings, and fail only with GOVULN_STDLIB=fail."""
import json
import os
import sys

dec = json.JSONDecoder()
text = sys.stdin.read()
i, called = 0, {}
while i < len(text):
    while i < len(text) and text[i].isspace():
        i += 1
    if i >= len(text):
        break
    msg, i = dec.raw_decode(text, i)
    f = msg.get("finding")
    if not f or not f.get("trace") or not f["trace"][0].get("function"):
        continue  # imported or required only: not reachable from this code
    top = f["trace"][0]
    key = (f["osv"], top["module"])
    called[key] = (top.get("version", ""), f.get("fixed_version", "none"))

mods = sorted(k for k in called if k[1] != "stdlib")
std = sorted(k for k in called if k[1] == "stdlib")
for osv, mod in mods:
    found, fixed = called[(osv, mod)]
    print(f"govulncheck: VULNERABLE: {osv} {mod}@{found} (fixed in {fixed}): upgrade in go.mod")
for osv, mod in std:
    found, fixed = called[(osv, mod)]
    print(f"govulncheck: STDLIB: {osv} go {found} (fixed in go {fixed}): needs a newer Go toolchain")
if not called:
    print("govulncheck: no vulnerability reachable from this code")
fail = bool(mods) or (bool(std) and os.environ.get("GOVULN_STDLIB") == "fail")
if std and not fail:
    print(f"govulncheck: {len(std)} standard-library finding(s) need a newer Go than the one running;"
          " warning only (GOVULN_STDLIB=fail makes them fail)")
sys.exit(1 if fail else 0)
