//go:build integration

package integration

import (
	"context"
	"net"
	"strconv"
	"testing"

	"github.com/ukpd/propertyapi/api"
	"github.com/ukpd/propertyapi/api/gate"
	"github.com/ukpd/propertyapi/integration/testenv"
	"github.com/ukpd/propertyapi/ratelimit"
)

// TestDocsBrowser serves the API with the real gate (in-memory key store)
// and drives /docs in headless Chromium (demotest/docs.mjs): every
// operation rendered from the server's schema, nothing loaded from another
// origin, and an authorized try-it call answered by this same server.
// Screenshots go to screenshots/docs/.
func TestDocsBrowser(t *testing.T) {
	node, chromium, dir := demoBrowserPrereqs(t)
	osURL := testenv.OpenSearchURL(t)
	ctx := context.Background()
	svc := ratelimit.New(ratelimit.NewMemoryStore(), ratelimit.Options{})
	org, err := svc.CreateOrg(ctx, "docs", 0)
	if err != nil {
		t.Fatal(err)
	}
	_, secret, err := svc.CreateKey(ctx, ratelimit.KeySpec{OrgID: org.ID, Plan: ratelimit.PlanFree, Name: "docs page"})
	if err != nil {
		t.Fatal(err)
	}
	srv := newAPIServer(t, osURL, api.Options{IndexPrefix: testenv.IndexPrefix(t),
		Gate: gate.New(svc, gate.Options{}).Wrap})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	serveOn(t, ln, srv)
	runBrowserScript(t, "docs", node, chromium, dir, "docs.mjs", "--url", "http://"+ln.Addr().String(), "--key", secret,
		"--operations", strconv.Itoa(len(srv.Routes())))
}
