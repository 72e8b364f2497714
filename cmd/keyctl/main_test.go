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

func TestKeyctlTokens(t *testing.T) {
	ctx := context.Background()
	svc, run := memKeyctl()
	out, err := run("org", "create", "-name", "Payg Ltd")
	if err != nil {
		t.Fatal(err)
	}
	org := regexp.MustCompile(`org_[0-9a-f]+`).FindString(out)
	if out, err = run("tokens", "add", "-org", org, "-amount", "2500", "-reason", "invoice 42", "-by", "alice"); err != nil ||
		!strings.Contains(out, "balance 2500 tokens (25.00 GBP)") || !strings.Contains(out, "top_up") {
		t.Fatalf("tokens add: %v %q", err, out)
	}
	if out, err = run("tokens", "add", "-org", org, "-amount", "-501", "-reason", "goodwill reversal", "-by", "bob"); err != nil ||
		!strings.Contains(out, "adjustment of -501") || !strings.Contains(out, "balance 1999 tokens (19.99 GBP)") {
		t.Fatalf("tokens debit: %v %q", err, out)
	}
	for _, bad := range [][]string{
		{"tokens", "add", "-org", org, "-amount", "-2000", "-reason", "too much"}, // below zero
		{"tokens", "add", "-org", org, "-amount", "0", "-reason", "nothing"},
		{"tokens", "add", "-org", org, "-amount", "5"}, // no reason
		{"tokens", "add", "-org", org, "-amount", "-5", "-kind", "top_up", "-reason", "x"},
	} {
		if _, err := run(bad...); err == nil {
			t.Errorf("keyctl %s accepted", strings.Join(bad, " "))
		}
	}
	if out, err = run("tokens", "balance", "-org", org); err != nil || !strings.Contains(out, "1999 tokens (19.99 GBP)") {
		t.Errorf("balance: %v %q", err, out)
	}
	out, err = run("tokens", "ledger", "-org", org)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if err != nil || len(lines) != 3 || !strings.Contains(lines[1], "keyctl:alice") || !strings.Contains(lines[1], "invoice 42") ||
		!strings.Contains(lines[2], "-501") || !strings.Contains(lines[2], "1999") || !strings.Contains(lines[2], "keyctl:bob") {
		t.Errorf("ledger: %v\n%s", err, out)
	}
	// A pay-as-you-go key spends the balance; usage shows it by day and endpoint.
	out, _ = run("key", "create", "-org", org, "-plan", "payg")
	secret := regexp.MustCompile(`(?m)^ukpd_live_[0-9A-Za-z]{33}$`).FindString(out)
	p, err := svc.Authenticate(ctx, secret)
	if err != nil {
		t.Fatal(err)
	}
	if r, err := svc.Reserve(ctx, p, "address.retrieve", 5); err != nil || !r.Decision.Allowed || r.Decision.Funding != ratelimit.FundTokens {
		t.Fatalf("payg call: %+v %v", r, err)
	}
	out, err = run("usage", "-org", org)
	if err != nil || !strings.Contains(out, "token balance: 1994 tokens (19.94 GBP)") ||
		!regexp.MustCompile(`\d{4}-\d{2}-\d{2}\s+address\.retrieve\s+1\s+0\s+5`).MatchString(out) {
		t.Errorf("usage: %v\n%s", err, out)
	}
}

// TestKeyctlTable checks the command table against the usage text and the
// errors for a missing required flag and an unknown command.
func TestKeyctlTable(t *testing.T) {
	ctx := context.Background()
	svc := ratelimit.New(ratelimit.NewMemoryStore(), ratelimit.Options{CacheTTL: -1})
	for name, c := range commands() {
		if !strings.Contains(usageText, "keyctl "+name) {
			t.Errorf("%q is not in the usage text", name)
		}
		if len(c.need) == 0 {
			continue
		}
		var out bytes.Buffer
		err := dispatch(ctx, svc, strings.Fields(name), &out)
		if want := name + ": -" + c.need[0] + " is required"; err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("keyctl %s without flags: got %v, want %q", name, err, want)
		}
	}
	var out bytes.Buffer
	if err := dispatch(ctx, svc, []string{"key", "frobnicate"}, &out); err == nil || !strings.Contains(err.Error(), `unknown command "key frobnicate"`) {
		t.Errorf("unknown command: got %v", err)
	}
}

// TestKeyctlPublicKeyTokens: public keys spend tokens only after
// `keyctl tokens public -allow on` and `keyctl public cap`.
func TestKeyctlPublicKeyTokens(t *testing.T) {
	ctx := context.Background()
	svc, run := memKeyctl()
	out, _ := run("org", "create", "-name", "Pub Ltd")
	org := regexp.MustCompile(`org_[0-9a-f]+`).FindString(out)
	if _, err := run("tokens", "add", "-org", org, "-amount", "100", "-reason", "top-up"); err != nil {
		t.Fatal(err)
	}
	out, err := run("public", "create", "-org", org, "-plan", "payg", "-tools", "mortgage", "-origins", "https://a.example.com")
	if err != nil {
		t.Fatal(err)
	}
	pub := regexp.MustCompile(`(?m)^ukpd_pub_[0-9A-Za-z]{33}$`).FindString(out)
	keys, _ := svc.ListKeys(ctx, org)
	reserve := func() ratelimit.Decision {
		p, err := svc.Authenticate(ctx, pub)
		if err != nil {
			t.Fatal(err)
		}
		r, err := svc.Reserve(ctx, p, "mortgage.calc", 3)
		if err != nil {
			t.Fatal(err)
		}
		return r.Decision
	}
	if d := reserve(); d.Allowed {
		t.Fatalf("public key spent tokens by default: %+v", d)
	}
	if out, err := run("tokens", "public", "-org", org, "-allow", "on"); err != nil || !strings.Contains(out, "may spend tokens") {
		t.Fatalf("tokens public: %v %q", err, out)
	}
	if out, err := run("public", "cap", "-id", keys[0].ID, "-daily-tokens", "3"); err != nil || !strings.Contains(out, "daily token cap 3") {
		t.Fatalf("public cap: %v %q", err, out)
	}
	if d := reserve(); !d.Allowed || d.Funding != ratelimit.FundTokens {
		t.Fatalf("within the cap: %+v", d)
	}
	if _, err := run("tokens", "public", "-org", org, "-allow", "maybe"); err == nil {
		t.Error("-allow maybe accepted")
	}
}

// memKeyctl is keyctl over an in-memory store: the service and a runner
// of commands that returns their output.
func memKeyctl() (*ratelimit.Service, func(args ...string) (string, error)) {
	svc := ratelimit.New(ratelimit.NewMemoryStore(), ratelimit.Options{CacheTTL: -1})
	return svc, func(args ...string) (string, error) {
		var out bytes.Buffer
		err := dispatch(context.Background(), svc, args, &out)
		return out.String(), err
	}
}

// TestHelpNeedsNoRedis: "keyctl CMD -h" prints that command's flags alone
// and exits cleanly without reaching Redis; a flag of another command is
// refused before any connection.
func TestHelpNeedsNoRedis(t *testing.T) {
	noRedis := func(k string) string {
		if k == "REDIS_URL" {
			return "redis://127.0.0.1:1" // nothing listens: any connection attempt fails
		}
		return ""
	}
	var out strings.Builder
	if err := run(t.Context(), []string{"org", "create", "-h"}, noRedis, &out); err != nil {
		t.Fatalf("org create -h: %v", err)
	}
	if !strings.Contains(out.String(), "-name") || !strings.Contains(out.String(), "-anchor-day") {
		t.Errorf("org create -h misses its flags:\n%s", out.String())
	}
	for _, other := range []string{"-amount", "-tools", "-quota", "-limit"} {
		if strings.Contains(out.String(), other) {
			t.Errorf("org create -h lists %s, another command's flag:\n%s", other, out.String())
		}
	}
	out.Reset()
	if err := run(t.Context(), []string{"tokens", "add", "-org", "x", "-tools", "a"}, noRedis, &out); err == nil || !strings.Contains(err.Error(), "-tools") {
		t.Errorf("tokens add -tools: %v", err)
	}
	for _, args := range [][]string{{"-h"}, {"--help"}, {"key", "generate", "-h"}, {"migrate", "layout", "-h"}} {
		out.Reset()
		if err := run(t.Context(), args, noRedis, &out); err != nil || !strings.Contains(out.String(), "usage") {
			t.Errorf("%v: %v %q", args, err, out.String())
		}
	}
}
