package alerts

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/netip"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// Guard refuses webhook targets inside the operator's network (SSRF):
// loopback, private (RFC 1918, unique-local fc00::/7, CGNAT 100.64/10),
// link-local (including cloud metadata 169.254.169.254), unspecified,
// multicast, the IPv6 forms that embed or tunnel an IPv4 address
// (IPv4-compatible ::/96, IPv4-mapped, NAT64, 6to4, Teredo) and other
// reserved ranges, unless an address falls in Allow (ALERTS_WEBHOOK_ALLOW,
// e.g. "127.0.0.1/32" in tests). An address with an IPv6 zone
// ("fe80::1%eth0") is always refused. Only the ports in Ports (default 443
// and 80; ALERTS_WEBHOOK_PORTS widens them) may be used. The check runs
// when an alert is saved (every resolved address) and again at connect
// time on the address actually dialled, so a DNS answer that changes after
// the check (rebinding) is still refused.
type Guard struct {
	Allow []netip.Prefix
	// Ports are the TCP ports a webhook may use; nil means DefaultPorts.
	// AnyPort lifts the port check (ALERTS_WEBHOOK_PORTS=any).
	Ports   []uint16
	AnyPort bool
	// Resolver resolves host names; nil means net.DefaultResolver.
	Resolver *net.Resolver
}

// DefaultPorts are the webhook ports allowed without ALERTS_WEBHOOK_PORTS.
var DefaultPorts = []uint16{443, 80}

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
			if err != nil || a.Zone() != "" {
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

// ParsePorts parses ALERTS_WEBHOOK_PORTS: a comma-separated list of ports
// (1-65535) that replaces DefaultPorts, or "any". "" returns nil, false
// (the default).
func ParsePorts(s string) (ports []uint16, any bool, err error) {
	s = strings.TrimSpace(s)
	if strings.EqualFold(s, "any") {
		return nil, true, nil
	}
	for _, f := range strings.Split(s, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		n, err := strconv.ParseUint(f, 10, 16)
		if err != nil || n == 0 {
			return nil, false, fmt.Errorf("ALERTS_WEBHOOK_PORTS: %q is not a port (1-65535) or \"any\"", f)
		}
		ports = append(ports, uint16(n))
	}
	return ports, false, nil
}

var blocked = func() []netip.Prefix {
	var out []netip.Prefix
	for _, s := range []string{
		// IPv4 special-purpose (RFC 6890 and successors).
		"0.0.0.0/8", "10.0.0.0/8", "100.64.0.0/10", "127.0.0.0/8", "169.254.0.0/16", "172.16.0.0/12",
		"192.0.0.0/24", "192.0.2.0/24", "192.88.99.0/24", "192.168.0.0/16", "198.18.0.0/15", "198.51.100.0/24",
		"203.0.113.0/24", "224.0.0.0/4", "240.0.0.0/4",
		// IPv6: unspecified and loopback, and every form that embeds an
		// IPv4 address (IPv4-compatible ::/96, IPv4-mapped, IPv4-translated,
		// NAT64 well-known and local-use, 6to4), Teredo and the rest of the
		// IETF protocol block 2001::/23, discard, documentation, SRv6 SIDs,
		// unique-local, link-local, site-local and multicast.
		"::/96", "::ffff:0:0/96", "::ffff:0:0:0/96", "64:ff9b::/96", "64:ff9b:1::/48", "100::/64",
		"2001::/23", "2001:db8::/32", "2002::/16", "3fff::/20", "5f00::/16",
		"fc00::/7", "fe80::/10", "fec0::/10", "ff00::/8",
	} {
		out = append(out, netip.MustParsePrefix(s))
	}
	return out
}()

// ErrForbiddenTarget wraps every refusal.
var ErrForbiddenTarget = errors.New("webhook target not allowed")

// CheckAddr refuses an address with an IPv6 zone, and one in a blocked
// range that Allow does not cover. Prefixes are compared on the address
// without its zone and with an IPv4-mapped address unmapped (a prefix
// never contains a zoned address, so comparing the zoned form would let
// "::1%lo" through).
func (g *Guard) CheckAddr(a netip.Addr) error {
	if !a.IsValid() {
		return fmt.Errorf("%w: not an IP address", ErrForbiddenTarget)
	}
	if a.Zone() != "" {
		return fmt.Errorf("%w: an IPv6 address with a zone (%%%s) is refused", ErrForbiddenTarget, a.Zone())
	}
	a = a.WithZone("").Unmap()
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

// CheckPort refuses a port outside Ports (default 443 and 80).
func (g *Guard) CheckPort(port uint16) error {
	if g.AnyPort {
		return nil
	}
	ports := g.Ports
	if ports == nil {
		ports = DefaultPorts
	}
	if slices.Contains(ports, port) {
		return nil
	}
	return fmt.Errorf("%w: port %d is not allowed (allowed: %s)", ErrForbiddenTarget, port, portList(ports))
}

func portList(ports []uint16) string {
	s := make([]string, len(ports))
	for i, p := range ports {
		s[i] = strconv.Itoa(int(p))
	}
	return strings.Join(s, ", ")
}

// CheckURL validates a webhook URL: http or https, a host, no user info,
// an allowed port, and every address the host resolves to allowed.
func (g *Guard) CheckURL(ctx context.Context, raw string) error {
	if len(raw) > 2048 {
		return fmt.Errorf("%w: longer than 2048 characters", ErrForbiddenTarget)
	}
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" || (u.Scheme != "https" && u.Scheme != "http") {
		return fmt.Errorf("%w: must be an absolute http(s) URL", ErrForbiddenTarget)
	}
	if u.User != nil {
		return fmt.Errorf("%w: must not carry user info", ErrForbiddenTarget)
	}
	host := u.Hostname()
	if strings.Contains(host, "%") {
		return fmt.Errorf("%w: an IPv6 address with a zone is refused", ErrForbiddenTarget)
	}
	port := uint16(443)
	if u.Scheme == "http" {
		port = 80
	}
	if p := u.Port(); p != "" {
		n, err := strconv.ParseUint(p, 10, 16)
		if err != nil || n == 0 {
			return fmt.Errorf("%w: %q is not a port", ErrForbiddenTarget, p)
		}
		port = uint16(n)
	}
	if err := g.CheckPort(port); err != nil {
		return err
	}
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

// CheckDial checks an address about to be dialled ("ip:port", as the
// dialer's Control hook sees it): the address and the port.
func (g *Guard) CheckDial(address string) error {
	host, p, err := net.SplitHostPort(address)
	if err != nil {
		return fmt.Errorf("%w: cannot parse dialled address %q", ErrForbiddenTarget, address)
	}
	a, err := netip.ParseAddr(host)
	if err != nil {
		return fmt.Errorf("%w: cannot parse dialled address %q", ErrForbiddenTarget, address)
	}
	if err := g.CheckAddr(a); err != nil {
		return err
	}
	n, err := strconv.ParseUint(p, 10, 16)
	if err != nil {
		return fmt.Errorf("%w: cannot parse dialled port %q", ErrForbiddenTarget, p)
	}
	return g.CheckPort(uint16(n))
}

// Dialer returns a dialer whose Control hook refuses a blocked address or
// port at connect time, after DNS resolution.
func (g *Guard) Dialer() *net.Dialer {
	return &net.Dialer{
		Timeout: 10 * time.Second, KeepAlive: 30 * time.Second,
		Control: func(network, address string, _ syscall.RawConn) error {
			return g.CheckDial(address)
		},
	}
}

// PublicDeliveryError is the one text a caller sees for a failed test
// delivery without an HTTP answer: whether the connection was refused,
// timed out or was blocked is not told (it would make the test endpoint a
// port scanner).
const PublicDeliveryError = "the webhook could not be reached (no HTTP response)"
