package main

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/rs/zerolog"

	"github.com/ukpd/propertyapi/api"
	"github.com/ukpd/propertyapi/ratelimit"
)

// TestDevKeyTokens: without Redis, DEV_API_KEY on payg with
// DEV_API_KEY_TOKENS serves the usage endpoint with that balance.
func TestDevKeyTokens(t *testing.T) {
	secret, _, err := ratelimit.NewKey(ratelimit.KindSecret)
	if err != nil {
		t.Fatal(err)
	}
	env := envOf(map[string]string{"DEV_API_KEY": secret, "DEV_API_KEY_PLAN": "payg", "DEV_API_KEY_TOKENS": "250"})
	var opts api.Options
	if _, err := wireGateEnv(context.Background(), config{}, env, zerolog.Nop(), &opts, nil, nil); err != nil {
		t.Fatal(err)
	}
	opts.Logger = zerolog.Nop()
	srv := api.NewServer(opts)
	req := httptest.NewRequest(http.MethodGet, "/api/account/usage", nil)
	req.Header.Set("Authorization", "Api-Key "+secret)
	rec := httptest.NewRecorder()
	srv.ServeHTTP(rec, req)
	if rec.Code != 200 || !strings.Contains(rec.Body.String(), `"balance":250`) || !strings.Contains(rec.Body.String(), `"plan":"payg"`) {
		t.Errorf("%d %s", rec.Code, rec.Body)
	}
	bad := envOf(map[string]string{"DEV_API_KEY": secret, "DEV_API_KEY_TOKENS": "1.5"})
	if _, err := wireGateEnv(context.Background(), config{}, bad, zerolog.Nop(), &api.Options{}, nil, nil); err == nil {
		t.Error("DEV_API_KEY_TOKENS=1.5 accepted")
	}
}
