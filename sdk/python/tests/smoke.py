"""Exercises the generated SDK against a running server; driven by
integration/sdk_test.go, which reads the JSON line printed at the end.
Env: PROPERTYAPI_BASE_URL, PROPERTYAPI_KEY, SDK_QUERY, SDK_UPRN, SDK_LAT, SDK_LNG."""

import json
import os

from ukpd_propertyapi import AuthenticatedClient
from ukpd_propertyapi.api.addresses import address_find
from ukpd_propertyapi.api.market import listings_export
from ukpd_propertyapi.api.property_ import properties_get
from ukpd_propertyapi.models import (
    AddressFind,
    ErrorEnvelope,
    ExportRequest,
    ExportRequestFilters,
    ExportResult,
    PropertyRecord,
)


def env(k: str) -> str:
    v = os.environ.get(k)
    if not v:
        raise SystemExit(f"{k} is not set")
    return v


client = AuthenticatedClient(
    base_url=env("PROPERTYAPI_BASE_URL").rstrip("/") + "/api/v1",
    token=env("PROPERTYAPI_KEY"),
    prefix="Api-Key",
    raise_on_unexpected_status=True,
)
out: dict = {}
with client as c:
    found = address_find.sync(client=c, q=env("SDK_QUERY"), limit=5)
    assert isinstance(found, AddressFind), found
    out["find"] = {"count": len(found.suggestions), "first": found.suggestions[0].address if found.suggestions else None}

    uprn = int(env("SDK_UPRN"))
    rec = properties_get.sync(uprn, client=c)
    assert isinstance(rec, PropertyRecord), rec
    out["property"] = {"uprn": rec.uprn, "postcode": rec.postcode if isinstance(rec.postcode, str) else None}

    body = ExportRequest.from_dict(
        {
            "filters": {"lat": float(env("SDK_LAT")), "lng": float(env("SDK_LNG")), "radius_miles": 5},
            "format": "json",
            "limit": 5,
            "fields": ["listing_id", "price", "postcode"],
        }
    )
    assert isinstance(body.filters, ExportRequestFilters)
    exp = listings_export.sync_detailed(client=c, body=body)
    assert isinstance(exp.parsed, ExportResult), (exp.status_code, exp.content[:300])
    out["export"] = {"rows": len(exp.parsed.data or []), "calls": exp.parsed.api_calls_used}

    # The typed error envelope of a 404.
    bad = properties_get.sync_detailed(999999999998, client=c)
    assert isinstance(bad.parsed, ErrorEnvelope), (bad.status_code, bad.content)
    out["error"] = {
        "status": int(bad.status_code),
        "code": bad.parsed.error.code,
        "requestId": bad.parsed.error.request_id or None,
        "message": bad.parsed.error.message,
    }

print(json.dumps(out))
