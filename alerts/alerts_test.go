package alerts

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net"
	"net/netip"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestBoxSealOpen(t *testing.T) {
	key := make([]byte, 32)
	key[0] = 7
	b, err := NewBox(key)
	if err != nil {
		t.Fatal(err)
	}
	secret, err := NewSecret()
	if err != nil || !strings.HasPrefix(secret, "whsec_") || len(secret) < 40 {
		t.Fatalf("secret %q %v", secret, err)
	}
	sealed, err := b.Seal("alr_1", secret)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(sealed, secret) || strings.Contains(sealed, secret[6:]) {
		t.Fatal("sealed form contains the secret")
	}
	if got, err := b.Open("alr_1", sealed); err != nil || got != secret {
		t.Errorf("open: %q %v", got, err)
	}
	if _, err := b.Open("alr_2", sealed); err == nil {
		t.Error("a sealed secret opened for another alert id")
	}
	other, _ := NewBox(make([]byte, 32))
	if _, err := other.Open("alr_1", sealed); err == nil {
		t.Error("opened with another key")
	}
	var nilBox *Box
	if _, err := nilBox.Seal("a", "b"); !errors.Is(err, ErrNoKey) {
		t.Errorf("nil box: %v", err)
	}
}

func TestParseKey(t *testing.T) {
	hex := strings.Repeat("ab", 32)
	if k, err := ParseKey(hex); err != nil || len(k) != 32 {
		t.Errorf("hex: %v", err)
	}
	if _, err := ParseKey("short"); err == nil {
		t.Error("short key accepted")
	}
}

func TestSignVerify(t *testing.T) {
	body := []byte(`{"id":"1-0"}`)
	sig := Sign("whsec_x", 1700000000, body)
	// Independently computed: HMAC-SHA256("whsec_x", "1700000000.{"id":"1-0"}").
	if !strings.HasPrefix(sig, "sha256=") || len(sig) != 7+64 {
		t.Fatalf("signature %q", sig)
	}
	if !Verify("whsec_x", 1700000000, body, sig) {
		t.Error("own signature does not verify")
	}
	for _, c := range []struct {
		secret string
		ts     int64
		body   string
	}{{"whsec_y", 1700000000, `{"id":"1-0"}`}, {"whsec_x", 1700000001, `{"id":"1-0"}`}, {"whsec_x", 1700000000, `{"id":"2-0"}`}} {
		if Verify(c.secret, c.ts, []byte(c.body), sig) {
			t.Errorf("verified with %+v", c)
		}
	}
}

func TestGuard(t *testing.T) {
	g := &Guard{}
	for _, a := range []string{"127.0.0.1", "10.1.2.3", "172.16.0.1", "192.168.1.1", "169.254.169.254", "100.64.0.1", "0.0.0.0", "::1", "fe80::1", "fd00::1", "::ffff:127.0.0.1", "224.0.0.1"} {
		if err := g.CheckAddr(netip.MustParseAddr(a)); !errors.Is(err, ErrForbiddenTarget) {
			t.Errorf("%s allowed", a)
		}
	}
	for _, a := range []string{"8.8.8.8", "2a00:1450::1", "81.2.69.160"} {
		if err := g.CheckAddr(netip.MustParseAddr(a)); err != nil {
			t.Errorf("%s refused: %v", a, err)
		}
	}
	allow, err := ParseAllow("127.0.0.1, 10.0.0.0/8")
	if err != nil {
		t.Fatal(err)
	}
	g = &Guard{Allow: allow}
	if g.CheckAddr(netip.MustParseAddr("127.0.0.1")) != nil || g.CheckAddr(netip.MustParseAddr("10.9.9.9")) != nil {
		t.Error("allow-list ignored")
	}
	if g.CheckAddr(netip.MustParseAddr("127.0.0.2")) == nil {
		t.Error("127.0.0.2 allowed by 127.0.0.1")
	}
	if _, err := ParseAllow("nope"); err == nil {
		t.Error("bad allow-list accepted")
	}
	ctx := context.Background()
	for _, u := range []string{"ftp://example.com/", "http://user:pw@8.8.8.8/", "/relative", "http://169.254.169.254/latest/meta-data", "http://localhost./x"} {
		if err := (&Guard{}).CheckURL(ctx, u); err == nil {
			t.Errorf("%s accepted", u)
		}
	}
	if err := (&Guard{}).CheckURL(ctx, "https://8.8.8.8/hook"); err != nil {
		t.Errorf("public IP refused: %v", err)
	}
}

func TestDialerRefusesAtConnectTime(t *testing.T) {
	// The check at save time can be bypassed by DNS that changes later;
	// the dialer checks the address actually dialled.
	d := (&Guard{}).Dialer()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	_, err := d.DialContext(ctx, "tcp", "127.0.0.1:9")
	if !errors.Is(err, ErrForbiddenTarget) {
		t.Errorf("dial loopback: %v, want ErrForbiddenTarget", err)
	}
}

func listing(status string, price int64, live bool) json.RawMessage {
	b, _ := json.Marshal(map[string]any{"id": "l1", "latest_status": status, "latest_price": price, "is_live": live})
	return b
}

func TestListingEvents(t *testing.T) {
	tests := []struct {
		name          string
		before, after json.RawMessage
		want          []string
	}{
		{"new live", nil, listing("For sale", 100, true), []string{EventListingAdded}},
		{"new already sold", nil, listing("Sold STC", 100, false), []string{EventSoldSTC}},
		{"unchanged", listing("For sale", 100, true), listing("For sale", 100, true), nil},
		{"reduced", listing("For sale", 100, true), listing("For sale", 90, true), []string{EventPriceReduced}},
		{"increased", listing("For sale", 100, true), listing("For sale", 110, true), []string{EventPriceIncreased}},
		{"under offer", listing("For sale", 100, true), listing("Under offer", 100, true), []string{EventUnderOffer}},
		{"reduced and sold", listing("For sale", 100, true), listing("Sold STC", 95, false), []string{EventPriceReduced, EventSoldSTC}},
		{"completed", listing("Sold STC", 100, false), listing("Completed", 100, false), []string{EventCompleted}},
		{"withdrawn", listing("For sale", 100, true), listing("Withdrawn", 100, false), []string{EventWithdrawn}},
		{"let agreed", listing("To let", 1000, true), listing("Let agreed", 1000, false), []string{EventLetAgreed}},
		{"deleted", listing("For sale", 100, true), nil, nil},
	}
	for _, tc := range tests {
		if got := ListingEvents(tc.before, tc.after); strings.Join(got, ",") != strings.Join(tc.want, ",") {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
	se := json.RawMessage(`{"id":5,"event_type":"Sold STCM","listing":"l1"}`)
	if got := SaleEventType(nil, se); got != EventSoldSTC {
		t.Errorf("sale event: %q", got)
	}
	if got := SaleEventType(se, se); got != "" {
		t.Errorf("known sale event: %q", got)
	}
}

func TestDedupKeyAndEventIDs(t *testing.T) {
	a := dedupKey("alr_1", EventSoldSTC, "listings/l1", []byte(`{"x":1}`))
	if a != dedupKey("alr_1", EventSoldSTC, "listings/l1", []byte(`{"x":1}`)) {
		t.Error("dedup key not stable")
	}
	if a == dedupKey("alr_1", EventSoldSTC, "listings/l1", []byte(`{"x":2}`)) || a == dedupKey("alr_2", EventSoldSTC, "listings/l1", []byte(`{"x":1}`)) {
		t.Error("dedup key collides")
	}
	for s, want := range map[string]bool{"0": true, "1732450000000-0": true, "1-2": true, "": false, "abc": false, "1-": false, "-1": false, "1-2-3": false} {
		if ValidEventID(s) != want {
			t.Errorf("ValidEventID(%q) = %v", s, !want)
		}
	}
}

func TestDefaultBackoff(t *testing.T) {
	for n := 1; n <= 20; n++ {
		d := DefaultBackoff(n)
		lo := 15 * time.Second << min(n-1, 7)
		if lo > 30*time.Minute {
			lo = 30 * time.Minute
		}
		if d < lo || d > time.Hour {
			t.Errorf("backoff %d = %s", n, d)
		}
	}
	// Attempts within 24 hours: about 15-30.
	var total time.Duration
	n := 0
	for total < 24*time.Hour {
		n++
		total += DefaultBackoff(n)
	}
	if n < 15 || n > 60 {
		t.Errorf("%d attempts in 24h", n)
	}
}

// TestIndexBodyFields keeps the percolator index's own fields in step with
// the list api/query's golden-field test checks (alertsExtraFields there).
func TestIndexBodyFields(t *testing.T) {
	body, err := IndexBody()
	if err != nil {
		t.Fatal(err)
	}
	props := body["mappings"].(map[string]any)["properties"].(map[string]any)
	if props[PercolatorField].(map[string]any)["type"] != "percolator" {
		t.Errorf("query field: %v", props[PercolatorField])
	}
	alert := props["alert"].(map[string]any)["properties"].(map[string]any)
	var got []string
	for k := range alert {
		got = append(got, k)
	}
	want := []string{"created_at", "enabled", "events", "id", "org_id"}
	slices.Sort(got)
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("alert fields %v, want %v (update alertsExtraFields in api/query/golden_fields_test.go too)", got, want)
	}
	if _, ok := props["latest_price"]; !ok {
		t.Error("the listings fields are missing")
	}
}

// TestGuardSSRFForms: IPv6 zones (a prefix test is false for any zoned
// address, so they used to pass), the IPv6 forms that embed or tunnel an
// IPv4 address, and ports other than 443 and 80 are refused when the alert
// is saved and when the connection is made.
func TestGuardSSRFForms(t *testing.T) {
	ctx := context.Background()
	g := &Guard{}
	for _, u := range []string{
		"http://[::1%25lo]:8080/", "http://[::1%25lo]/", "http://[::%25lo]/", "http://[fe80::1%25eth0]/",
		"http://[fd00:ec2::254%25eth0]/", "http://[fc00::1%25x]/", "https://[2a00:1450::1%25eth0]/",
		"http://[::127.0.0.1]/", "http://[::7f00:1]/", "http://[::ffff:127.0.0.1]/", "http://[::ffff:0:7f00:1]/",
		"http://[2002:7f00:1::]/", "http://[64:ff9b:1::a00:1]/", "http://[64:ff9b::7f00:1]/", "http://[2001:0:4136:e378::1]/",
		"http://[::]/", "http://[fec0::1]/", "http://0.0.0.0/", "http://192.88.99.1/",
		"http://8.8.8.8:22/", "http://8.8.8.8:25/", "http://8.8.8.8:6379/", "https://8.8.8.8:8443/", "http://8.8.8.8:0/",
	} {
		if err := g.CheckURL(ctx, u); !errors.Is(err, ErrForbiddenTarget) {
			t.Errorf("CheckURL(%s) = %v, want refused", u, err)
		}
	}
	for _, a := range []string{"::1%lo", "::%lo", "fe80::1%eth0", "fd00:ec2::254%eth0", "fc00::1%x", "2a00:1450::1%eth0",
		"::127.0.0.1", "2002:7f00:1::", "64:ff9b:1::1", "2001::1", "2001:0:4136:e378:8000:63bf:3fff:fdd2"} {
		if err := g.CheckAddr(netip.MustParseAddr(a)); !errors.Is(err, ErrForbiddenTarget) {
			t.Errorf("CheckAddr(%s) allowed", a)
		}
	}
	// At connect time: the Control hook sees "ip%zone:port".
	for _, addr := range []string{"[::1%lo]:80", "[fe80::1%eth0]:443", "[::127.0.0.1]:80", "[2002:7f00:1::]:443", "8.8.8.8:22", "[2a00:1450::1]:6379"} {
		if err := g.CheckDial(addr); !errors.Is(err, ErrForbiddenTarget) {
			t.Errorf("CheckDial(%s) = %v, want refused", addr, err)
		}
	}
	for _, u := range []string{"https://8.8.8.8/hook", "http://8.8.8.8/hook", "https://8.8.8.8:443/", "http://[2a00:1450::1]/"} {
		if err := g.CheckURL(ctx, u); err != nil {
			t.Errorf("CheckURL(%s) refused: %v", u, err)
		}
	}
	if err := g.CheckDial("[2a00:1450::1]:443"); err != nil {
		t.Errorf("public IPv6 on 443 refused: %v", err)
	}
	// The operator setting widens the ports; an allow-list never admits a zone.
	ports, any, err := ParsePorts("443, 8443")
	if err != nil || any || len(ports) != 2 {
		t.Fatalf("ParsePorts: %v %v %v", ports, any, err)
	}
	if err := (&Guard{Ports: ports}).CheckURL(ctx, "https://8.8.8.8:8443/"); err != nil {
		t.Errorf("8443 allowed by the setting but refused: %v", err)
	}
	if err := (&Guard{Ports: ports}).CheckURL(ctx, "http://8.8.8.8/"); err == nil {
		t.Error("80 allowed although the setting lists 443 and 8443 only")
	}
	if _, any, _ := ParsePorts("any"); !any {
		t.Error(`"any" not parsed`)
	}
	for _, bad := range []string{"0", "65536", "http", "-1"} {
		if _, _, err := ParsePorts(bad); err == nil {
			t.Errorf("ParsePorts(%q) accepted", bad)
		}
	}
	allow, _ := ParseAllow("::1, fe80::/10")
	if err := (&Guard{Allow: allow, AnyPort: true}).CheckAddr(netip.MustParseAddr("::1%lo")); err == nil {
		t.Error("zoned ::1 admitted by an allow-list of ::1")
	}
	if _, err := ParseAllow("fe80::1%eth0"); err == nil {
		t.Error("a zoned allow-list entry accepted")
	}
}

// TestPostFailureTextIsGeneric: a refused connection and a timeout give the
// same error text (no port-scanning oracle).
func TestPostFailureTextIsGeneric(t *testing.T) {
	box, err := NewBox(bytes.Repeat([]byte{7}, 32))
	if err != nil {
		t.Fatal(err)
	}
	enc, _ := box.Seal("alr_1", "whsec_x")
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	silent := ln.Addr().String() // accepts, never answers
	defer ln.Close()
	closed, _ := net.Listen("tcp", "127.0.0.1:0")
	refused := closed.Addr().String()
	closed.Close()
	allow, _ := ParseAllow("127.0.0.1")
	client := WebhookClient(&Guard{Allow: allow, AnyPort: true}, 300*time.Millisecond)
	var texts []string
	for _, target := range []string{silent, refused} {
		a := &Alert{ID: "alr_1", WebhookURL: "http://" + target + "/hook", SecretEnc: enc}
		_, err := Post(context.Background(), client, box, a, Event{ID: "1-0"})
		if err == nil {
			t.Fatalf("%s: no error", target)
		}
		texts = append(texts, err.Error())
	}
	blocked := &Alert{ID: "alr_1", WebhookURL: "http://" + silent + "/hook", SecretEnc: enc}
	_, err = Post(context.Background(), WebhookClient(&Guard{}, time.Second), box, blocked, Event{ID: "1-0"})
	if err == nil {
		t.Fatal("blocked target: no error")
	}
	texts = append(texts, err.Error())
	for _, s := range texts {
		if s != PublicDeliveryError {
			t.Errorf("error text %q, want the generic %q", s, PublicDeliveryError)
		}
	}
}

// TestCircuitBreaker: consecutive failures open an alert's circuit for the
// cooldown; a success closes it; alerts are independent.
func TestCircuitBreaker(t *testing.T) {
	d := NewDeliverer(New(Config{}), DelivererConfig{BreakerFailures: 3, BreakerCooldown: 50 * time.Millisecond})
	for i := 0; i < 2; i++ {
		d.outcome("alr_a", false)
	}
	if !d.circuit("alr_a").IsZero() {
		t.Fatal("open after 2 failures of 3")
	}
	d.outcome("alr_a", false)
	if d.circuit("alr_a").IsZero() {
		t.Fatal("closed after 3 consecutive failures")
	}
	if !d.circuit("alr_b").IsZero() {
		t.Error("another alert's circuit opened")
	}
	time.Sleep(60 * time.Millisecond)
	if !d.circuit("alr_a").IsZero() {
		t.Fatal("still open after the cooldown (half-open expected)")
	}
	d.outcome("alr_a", false) // the half-open attempt fails: open again
	if d.circuit("alr_a").IsZero() {
		t.Fatal("a failed half-open attempt did not reopen")
	}
	d.outcome("alr_a", true)
	if !d.circuit("alr_a").IsZero() {
		t.Fatal("a success did not close the circuit")
	}
}
