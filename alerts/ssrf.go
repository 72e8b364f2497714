package alerts

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/netip"
	"net/url"
	"strings"
	"syscall"
	"time"
)

// Guard refuses webhook targets inside the operator's network (SSRF):
// loopback, private (RFC 1918, unique-local fc00::/7, CGNAT 100.64/10),
// link-local (including cloud metadata 169.254.169.254), unspecified,
// multicast and other reserved ranges, unless an address falls in Allow
// (ALERTS_WEBHOOK_ALLOW, e.g. "127.0.0.1/32" in tests). The check runs when
// an alert is saved (every resolved address) and again at connect time on
// the address actually dialled, so a DNS answer that changes after the
// check (rebinding) is still refused.
type Guard struct {
	Allow []netip.Prefix
	// Resolver resolves host names; nil means net.DefaultResolver.
	Resolver *net.Resolver
}

// ParseAllow parses a comma-separated list of IPs or CIDR prefixes.
func ParseAllow(s string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, f := range strings.Split(s, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		if !strings.Contains(f, "/") {
			a, err := netip.ParseAddr(f)
			if err != nil {
				return nil, fmt.Errorf("ALERTS_WEBHOOK_ALLOW: %q is not an IP or CIDR", f)
			}
			out = append(out, netip.PrefixFrom(a, a.BitLen()))
			continue
		}
		p, err := netip.ParsePrefix(f)
		if err != nil {
			return nil, fmt.Errorf("ALERTS_WEBHOOK_ALLOW: %q is not an IP or CIDR", f)
		}
		out = append(out, p.Masked())
	}
	return out, nil
}

var blocked = func() []netip.Prefix {
	var out []netip.Prefix
	for _, s := range []string{
		"0.0.0.0/8", "10.0.0.0/8", "100.64.0.0/10", "127.0.0.0/8", "169.254.0.0/16", "172.16.0.0/12",
		"192.0.0.0/24", "192.0.2.0/24", "192.168.0.0/16", "198.18.0.0/15", "198.51.100.0/24",
		"203.0.113.0/24", "224.0.0.0/4", "240.0.0.0/4",
		"::/128", "::1/128", "64:ff9b::/96", "100::/64", "2001:db8::/32", "fc00::/7", "fe80::/10", "ff00::/8",
	} {
		out = append(out, netip.MustParsePrefix(s))
	}
	return out
}()

// ErrForbiddenTarget wraps every refusal.
var ErrForbiddenTarget = errors.New("webhook target not allowed")

// CheckAddr refuses an address in a blocked range that Allow does not cover.
func (g *Guard) CheckAddr(a netip.Addr) error {
	a = a.Unmap()
	for _, p := range g.Allow {
		if p.Contains(a) {
			return nil
		}
	}
	for _, p := range blocked {
		if p.Contains(a) {
			return fmt.Errorf("%w: %s is a loopback, private, link-local or reserved address", ErrForbiddenTarget, a)
		}
	}
	return nil
}

// CheckURL validates a webhook URL: http or https, a host, no user info,
// and every address the host resolves to allowed.
func (g *Guard) CheckURL(ctx context.Context, raw string) error {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" || (u.Scheme != "https" && u.Scheme != "http") {
		return fmt.Errorf("%w: must be an absolute http(s) URL", ErrForbiddenTarget)
	}
	if u.User != nil {
		return fmt.Errorf("%w: must not carry user info", ErrForbiddenTarget)
	}
	if len(raw) > 2048 {
		return fmt.Errorf("%w: longer than 2048 characters", ErrForbiddenTarget)
	}
	host := u.Hostname()
	if a, err := netip.ParseAddr(host); err == nil {
		return g.CheckAddr(a)
	}
	r := g.Resolver
	if r == nil {
		r = net.DefaultResolver
	}
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	addrs, err := r.LookupNetIP(ctx, "ip", host)
	if err != nil || len(addrs) == 0 {
		return fmt.Errorf("%w: host %q does not resolve", ErrForbiddenTarget, host)
	}
	for _, a := range addrs {
		if err := g.CheckAddr(a); err != nil {
			return fmt.Errorf("%s resolves to a refused address: %w", host, err)
		}
	}
	return nil
}

// Dialer returns a dialer whose Control hook refuses a blocked address at
// connect time, after DNS resolution.
func (g *Guard) Dialer() *net.Dialer {
	return &net.Dialer{
		Timeout: 10 * time.Second, KeepAlive: 30 * time.Second,
		Control: func(network, address string, _ syscall.RawConn) error {
			ap, err := netip.ParseAddrPort(address)
			if err != nil {
				return fmt.Errorf("%w: cannot parse dialled address %q", ErrForbiddenTarget, address)
			}
			return g.CheckAddr(ap.Addr())
		},
	}
}
