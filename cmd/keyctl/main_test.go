package main

import (
	"bytes"
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/ukpd/propertyapi/ratelimit"
)

func TestKeyctlCommands(t *testing.T) {
	ctx := context.Background()
	svc := ratelimit.New(ratelimit.NewMemoryStore(), ratelimit.Options{CacheTTL: -1})
	run := func(args ...string) string {
		t.Helper()
		var out bytes.Buffer
		if err := dispatch(ctx, svc, args, &out); err != nil {
			t.Fatalf("keyctl %s: %v", strings.Join(args, " "), err)
		}
		return out.String()
	}
	out := run("org", "create", "-name", "Acme Lettings")
	org := regexp.MustCompile(`org_[0-9a-f]+`).FindString(out)
	if org == "" {
		t.Fatalf("no organisation id in %q", out)
	}
	secretRe := regexp.MustCompile(`(?m)^ukpd_live_[0-9A-Za-z]{33}$`)
	out = run("key", "create", "-org", org, "-plan", "starter", "-name", "backend")
	secret := secretRe.FindString(out)
	keyID := regexp.MustCompile(`key_[0-9a-f]+`).FindString(out)
	if secret == "" || keyID == "" {
		t.Fatalf("create printed %q", out)
	}
	list := run("key", "list", "-org", org)
	if strings.Contains(list, secret) || !strings.Contains(list, secret[:14]+"…") {
		t.Errorf("list must show the prefix only:\n%s", list)
	}
	out = run("key", "rotate", "-id", keyID)
	rotated := secretRe.FindString(out)
	if rotated == "" || rotated == secret {
		t.Fatalf("rotate printed %q", out)
	}
	for _, k := range []string{secret, rotated} {
		if _, err := svc.Authenticate(ctx, k); err != nil {
			t.Errorf("after rotation: %v", err)
		}
	}
	run("key", "revoke", "-id", keyID)
	if _, err := svc.Authenticate(ctx, secret); err == nil {
		t.Error("revoked key still works")
	}
	if p, err := svc.Authenticate(ctx, rotated); err != nil || p.Plan.Name != "starter" {
		t.Errorf("rotated key after revoking the old one: %v", err)
	}
	run("key", "plan", "-id", keyID, "-plan", "growth") // applies to the active keys of the meter
	out = run("public", "create", "-org", org, "-plan", "free", "-tools", "address-lookup,mortgage", "-origins", "https://shop.example.com,*.agent.co.uk")
	if !regexp.MustCompile(`(?m)^ukpd_pub_`).MatchString(out) {
		t.Errorf("public create printed %q", out)
	}
	var buf bytes.Buffer
	if err := dispatch(ctx, svc, []string{"public", "create", "-org", org, "-plan", "free", "-tools", "nope", "-origins", "x.com"}, &buf); err == nil {
		t.Error("unknown tool accepted")
	}
	if err := dispatch(ctx, svc, []string{"public", "create", "-org", org, "-plan", "free", "-tools", "mortgage", "-origins", "*"}, &buf); err == nil {
		t.Error("wildcard origin accepted")
	}
	usage := run("usage", "-org", org)
	if !strings.Contains(usage, "TOTAL") || !strings.Contains(usage, "growth") || !strings.Contains(usage, "10000") {
		t.Errorf("usage:\n%s", usage)
	}
}

func TestKeyctlOrgByName(t *testing.T) {
	ctx := context.Background()
	svc := ratelimit.New(ratelimit.NewMemoryStore(), ratelimit.Options{CacheTTL: -1})
	var out bytes.Buffer
	if err := dispatch(ctx, svc, []string{"org", "create", "-name", "demo"}, &out); err != nil {
		t.Fatal(err)
	}
	if err := dispatch(ctx, svc, []string{"org", "create", "-name", "demo"}, &out); err == nil || !strings.Contains(err.Error(), "already exists") {
		t.Errorf("second org create -name demo: %v, want already exists", err)
	}
	out.Reset()
	if err := dispatch(ctx, svc, []string{"key", "create", "-org", "demo", "-plan", "pro"}, &out); err != nil {
		t.Fatalf("key create -org <name>: %v", err)
	}
	if !regexp.MustCompile(`(?m)^ukpd_live_`).MatchString(out.String()) {
		t.Errorf("no key printed: %q", out.String())
	}
	if err := dispatch(ctx, svc, []string{"key", "list", "-org", "nobody"}, &out); err == nil || !strings.Contains(err.Error(), "no organisation") {
		t.Errorf("unknown org: %v", err)
	}
}
