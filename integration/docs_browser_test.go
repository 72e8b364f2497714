//go:build integration

package integration

import (
	"context"
	"net"
	"net/http"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/ukpd/propertyapi/api"
	"github.com/ukpd/propertyapi/api/gate"
	"github.com/ukpd/propertyapi/api/search"
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
	sc, err := search.New(search.Config{URLs: []string{osURL}})
	if err != nil {
		t.Fatal(err)
	}
	srv := api.NewServer(api.Options{Backend: sc, IndexPrefix: testenv.IndexPrefix(t), Logger: zerolog.Nop(),
		Gate: gate.New(svc, gate.Options{}).Wrap})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	hs := &http.Server{Handler: srv, ReadHeaderTimeout: 5 * time.Second}
	go func() { _ = hs.Serve(ln) }()
	t.Cleanup(func() { _ = hs.Close() })

	out, err := filepath.Abs("../screenshots/docs")
	if err != nil {
		t.Fatal(err)
	}
	runCtx, cancel := context.WithTimeout(ctx, 90*time.Second)
	defer cancel()
	cmd := exec.CommandContext(runCtx, node, "docs.mjs", "--url", "http://"+ln.Addr().String(), "--key", secret,
		"--operations", strconv.Itoa(len(srv.Routes())), "--chromium", chromium, "--out", out)
	cmd.Dir = dir
	b, err := cmd.CombinedOutput()
	t.Logf("docs browser test output:\n%s", b)
	if err != nil {
		t.Fatalf("docs browser test failed: %v (screenshots in %s)", err, out)
	}
}
