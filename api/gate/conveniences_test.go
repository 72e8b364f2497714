package gate

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/rs/zerolog"

	"github.com/ukpd/propertyapi/api"
	"github.com/ukpd/propertyapi/api/search"
	"github.com/ukpd/propertyapi/ratelimit"
)

// docBackend finds a minimal property record for any UPRN and answers
// health and alias calls.
type docBackend struct{ fakeBackend }

func (d *docBackend) Get(_ context.Context, _, id string) (json.RawMessage, bool, error) {
	return json.RawMessage(`{"uprn":` + id + `}`), true, nil
}
func (d *docBackend) MGet(context.Context, string, []string) (map[string]json.RawMessage, error) {
	return map[string]json.RawMessage{}, nil
}
func (d *docBackend) Health(context.Context) (search.ClusterHealth, error) {
	return search.ClusterHealth{Status: "green", NumberOfNodes: 1}, nil
}
func (d *docBackend) Aliases(context.Context, string) ([]search.AliasInfo, error) {
	return []search.AliasInfo{{Alias: "addresses", Index: "addresses-20261101", Docs: 42}}, nil
}

// A revalidation with a matching If-None-Match is answered 304 with no body
// and is not charged: the gate reserves, the 304 settles at weight 0.
func TestGateNotModifiedIsNotCharged(t *testing.T) {
	e := newGateEnv(t)
	k, secret := e.key(ratelimit.KeySpec{Plan: ratelimit.PlanStarter})
	srv := api.NewServer(api.Options{Backend: &docBackend{fakeBackend{T: t}}, Logger: zerolog.New(io.Discard), Gate: e.gate.Wrap, Now: e.clk.Now})
	auth := "Api-Key " + secret
	path := "/api/v1/properties/100040000001"

	first := e.req(srv, http.MethodGet, path, "Authorization", auth)
	etag := first.Header().Get("ETag")
	if first.Code != 200 || !strings.HasPrefix(etag, `W/"`) {
		t.Fatalf("first: %d etag %q body %s", first.Code, etag, first.Body)
	}
	if cc := first.Header().Get("Cache-Control"); cc != "private, max-age=300, must-revalidate" {
		t.Errorf("Cache-Control %q", cc)
	}
	if w := first.Header().Get(hdrCallWeight); w != "1" {
		t.Errorf("first X-Call-Weight %q, want 1", w)
	}
	if n := e.usage(k); n != 1 {
		t.Fatalf("usage after the first call %d, want 1", n)
	}
	for i := 0; i < 3; i++ {
		rec := e.req(srv, http.MethodGet, path, "Authorization", auth, "If-None-Match", `"other", `+etag)
		if rec.Code != http.StatusNotModified || rec.Body.Len() != 0 || rec.Header().Get("ETag") != etag {
			t.Fatalf("revalidation: %d etag %q body %q", rec.Code, rec.Header().Get("ETag"), rec.Body)
		}
		if w := rec.Header().Get(hdrCallWeight); w != "0" {
			t.Errorf("304 X-Call-Weight %q, want 0", w)
		}
	}
	if n := e.usage(k); n != 1 {
		t.Fatalf("usage after three 304s %d, want still 1", n)
	}
	stale := e.req(srv, http.MethodGet, path, "Authorization", auth, "If-None-Match", `W/"stale"`)
	if stale.Code != 200 || e.usage(k) != 2 {
		t.Fatalf("stale validator: %d, usage %d (want 200, 2)", stale.Code, e.usage(k))
	}
}

// /health shows index detail to a caller with a valid key, not to anyone.
func TestGateHealthDetailWithKey(t *testing.T) {
	e := newGateEnv(t)
	_, secret := e.key(ratelimit.KeySpec{Plan: ratelimit.PlanFree})
	srv := api.NewServer(api.Options{Backend: &docBackend{fakeBackend{T: t}}, Logger: zerolog.New(io.Discard), Gate: e.gate.Wrap})
	anon := e.req(srv, http.MethodGet, "/api/v1/health")
	keyed := e.req(srv, http.MethodGet, "/api/v1/health", "Authorization", "Api-Key "+secret)
	if anon.Code != 200 || strings.Contains(anon.Body.String(), "addresses-20261101") || !strings.Contains(keyed.Body.String(), "addresses-20261101") {
		t.Errorf("anonymous %d %s\nkeyed %d %s", anon.Code, anon.Body, keyed.Code, keyed.Body)
	}
}

// A pay-as-you-go key revalidating: the 304 costs no tokens.
func TestGateNotModifiedCostsNoTokens(t *testing.T) {
	e := newGateEnv(t)
	_, secret := e.key(ratelimit.KeySpec{Plan: ratelimit.PlanPayg, RateOverride: ratelimit.Unlimited})
	e.topUp(10)
	srv := api.NewServer(api.Options{Backend: &docBackend{fakeBackend{T: t}}, Logger: zerolog.New(io.Discard), Gate: e.gate.Wrap, Now: e.clk.Now})
	auth := "Api-Key " + secret
	first := e.req(srv, http.MethodGet, "/api/v1/properties/100040000001", "Authorization", auth)
	if first.Code != 200 || first.Header().Get(hdrTokensCharged) != "1" || e.balance() != 9 {
		t.Fatalf("first: %d charged %q balance %d", first.Code, first.Header().Get(hdrTokensCharged), e.balance())
	}
	rec := e.req(srv, http.MethodGet, "/api/v1/properties/100040000001", "Authorization", auth, "If-None-Match", first.Header().Get("ETag"))
	if rec.Code != http.StatusNotModified || rec.Header().Get(hdrTokensCharged) != "0" || e.balance() != 9 {
		t.Fatalf("304: %d charged %q balance %d", rec.Code, rec.Header().Get(hdrTokensCharged), e.balance())
	}
}
