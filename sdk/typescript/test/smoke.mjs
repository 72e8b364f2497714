// Exercises the built SDK (dist/) against a running server; driven by
// integration/sdk_test.go, which reads the JSON line printed at the end.
// Env: PROPERTYAPI_BASE_URL, PROPERTYAPI_KEY, SDK_QUERY (an address to
// type), SDK_UPRN (a property), SDK_LAT/SDK_LNG (a place with listings).
import { createClient, unwrap, ApiError } from "../dist/index.js";

const env = (k) => {
  const v = process.env[k];
  if (!v) throw new Error(`${k} is not set`);
  return v;
};
const client = createClient({ baseUrl: env("PROPERTYAPI_BASE_URL"), apiKey: env("PROPERTYAPI_KEY") });
const out = {};

// 1. Address find.
const found = unwrap(await client.GET("/address/find", { params: { query: { q: env("SDK_QUERY"), limit: 5 } } }));
out.find = { count: found.suggestions.length, first: found.suggestions[0]?.address ?? null };

// 2. A property record.
const uprn = Number(env("SDK_UPRN"));
const rec = unwrap(await client.GET("/properties/{uprn}", { params: { path: { uprn } } }));
out.property = { uprn: rec.uprn, postcode: rec.postcode ?? null };

// 3. An export (JSON rows).
const exp = unwrap(await client.POST("/listings/export", {
  body: { filters: { lat: Number(env("SDK_LAT")), lng: Number(env("SDK_LNG")), radius_miles: 5 }, format: "json", limit: 5, fields: ["listing_id", "price", "postcode"] },
}));
out.export = { rows: exp.data?.length ?? 0, calls: exp.api_calls_used ?? null };

// 4. An error: the typed envelope through ApiError.
try {
  unwrap(await client.GET("/properties/{uprn}", { params: { path: { uprn: 999999999998 } } }));
  out.error = { thrown: false };
} catch (e) {
  if (!(e instanceof ApiError)) throw e;
  out.error = { thrown: true, status: e.status, code: e.code, requestId: e.requestId ?? null, message: e.envelope?.error.message ?? null };
}
// The raw result also carries the typed envelope without throwing.
const bad = await client.GET("/address/find", { params: { query: { q: "x" } } });
out.rawError = { status: bad.response.status, code: bad.error?.error.code ?? null };

console.log(JSON.stringify(out));
