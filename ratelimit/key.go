package ratelimit

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/crc32"
	"math/big"
	"net/url"
	"strings"
	"time"
)

// Key kinds.
const (
	// KindSecret is a server-side API key (Authorization: Api-Key).
	KindSecret = "secret"
	// KindPublic is a browser key for the embed relay (Authorization: Public-Key),
	// scoped to tools and origins.
	KindPublic = "public"
)

// Key prefixes: recognisable in code, logs of secret scanners and support
// mail. The body is 27 base62 characters (160 random bits) and the last 6
// characters are a base62 CRC-32 of prefix and body.
const (
	SecretPrefix = "ukpd_live_"
	PublicPrefix = "ukpd_pub_"
	bodyLen      = 27
	sumLen       = 6
	// shownLen is how many body characters the display prefix keeps; the
	// other 23 characters (136 bits) stay secret.
	shownLen = 4
)

const base62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

// Key errors. ErrMalformed is decided without any store lookup.
var (
	ErrMalformed = errors.New("malformed key")
	ErrUnknown   = errors.New("unknown key")
	ErrRevoked   = errors.New("revoked key")
	ErrNotFound  = errors.New("not found")
	// ErrUnavailable wraps every store failure (Redis down or slow): the
	// caller must fail closed.
	ErrUnavailable = errors.New("metering store unavailable")
	// ErrInsufficientBalance: a token debit the balance cannot pay.
	ErrInsufficientBalance = errors.New("insufficient token balance")
)

// Org is an organisation: it owns keys; its anchor day sets its billing period.
type Org struct {
	ID        string    `json:"id"`
	Name      string    `json:"name"`
	AnchorDay int       `json:"anchor_day,omitempty"` // 0 = calendar month
	Created   time.Time `json:"created"`
	// PublicKeyTokens lets the organisation's public (browser) keys spend
	// its prepaid tokens once their plan is used up, each up to its own
	// DailyTokenCap (keyctl tokens public). Off by default: a public key is
	// in every visitor's browser, and a forged Origin header would spend
	// real money.
	PublicKeyTokens bool `json:"public_key_tokens,omitempty"`
}

// Key is the stored record of a key. The key itself is never stored: only
// its SHA-256 (Hash, hex).
type Key struct {
	ID     string `json:"id"`
	Hash   string `json:"hash"`
	Prefix string `json:"prefix"` // display prefix, e.g. ukpd_live_Ab3x
	Kind   string `json:"kind"`
	OrgID  string `json:"org_id"`
	// Meter names the counters the key is charged to. A rotated key shares
	// the meter of the key it replaces, so rotation never resets usage.
	Meter   string    `json:"meter"`
	Plan    string    `json:"plan"`
	Name    string    `json:"name,omitempty"`
	Created time.Time `json:"created"`
	Revoked time.Time `json:"revoked,omitempty"`
	// RotatedFrom is the id of the key this one replaces.
	RotatedFrom string `json:"rotated_from,omitempty"`
	// QuotaOverride and RateOverride replace the plan's monthly quota and
	// per-second limit when non-zero (Unlimited = -1 allowed): contracts.
	QuotaOverride int `json:"quota_override,omitempty"`
	RateOverride  int `json:"rate_override,omitempty"`
	// Tools and Origins scope a public key.
	Tools   []string `json:"tools,omitempty"`
	Origins []string `json:"origins,omitempty"`
	// DailyTokenCap bounds the tokens a public key may spend in a UTC day
	// when its organisation allows public keys to spend tokens (keyctl
	// public cap); 0 = none at all.
	DailyTokenCap int64 `json:"daily_token_cap,omitempty"`
}

// Active reports whether the key has not been revoked.
func (k Key) Active() bool { return k.Revoked.IsZero() }

// Limits returns the monthly quota and per-second limit of the key: its
// plan's, replaced by overrides.
func (k Key) Limits(p Plan) (quota, perSecond int) {
	quota, perSecond = p.MonthlyQuota, p.PerSecond
	if k.QuotaOverride != 0 {
		quota = k.QuotaOverride
	}
	if k.RateOverride != 0 {
		perSecond = k.RateOverride
	}
	return quota, perSecond
}

// HasTool reports whether a public key is scoped to a tool slug.
func (k Key) HasTool(slug string) bool {
	for _, t := range k.Tools {
		if t == slug {
			return true
		}
	}
	return false
}

// NewKey generates a key of a kind: the string to show once, and its hash.
func NewKey(kind string) (secret, hash string, err error) {
	prefix := SecretPrefix
	if kind == KindPublic {
		prefix = PublicPrefix
	}
	var b [20]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", "", fmt.Errorf("generate key: %w", err)
	}
	body := encode62(new(big.Int).SetBytes(b[:]), bodyLen)
	secret = prefix + body + checksum(prefix+body)
	return secret, HashKey(secret), nil
}

// ParseKey checks a presented key's form and checksum and returns its kind.
// A mistyped key fails here, before any store lookup.
func ParseKey(s string) (kind string, err error) {
	var prefix string
	switch {
	case strings.HasPrefix(s, SecretPrefix):
		prefix, kind = SecretPrefix, KindSecret
	case strings.HasPrefix(s, PublicPrefix):
		prefix, kind = PublicPrefix, KindPublic
	default:
		return "", ErrMalformed
	}
	rest := s[len(prefix):]
	if len(rest) != bodyLen+sumLen {
		return "", ErrMalformed
	}
	for i := 0; i < len(rest); i++ {
		if strings.IndexByte(base62, rest[i]) < 0 {
			return "", ErrMalformed
		}
	}
	body, sum := rest[:bodyLen], rest[bodyLen:]
	if subtle.ConstantTimeCompare([]byte(sum), []byte(checksum(prefix+body))) != 1 {
		return "", ErrMalformed
	}
	return kind, nil
}

// DisplayPrefix is the part of a key that may be shown in lists and logs.
func DisplayPrefix(s string) string {
	for _, p := range []string{SecretPrefix, PublicPrefix} {
		if strings.HasPrefix(s, p) && len(s) >= len(p)+shownLen {
			return s[:len(p)+shownLen]
		}
	}
	return ""
}

// HashKey is the stored form of a key: hex SHA-256.
func HashKey(s string) string {
	h := sha256.Sum256([]byte(s))
	return hex.EncodeToString(h[:])
}

// HashEqual compares two hex hashes in constant time.
func HashEqual(a, b string) bool {
	return subtle.ConstantTimeCompare([]byte(a), []byte(b)) == 1
}

func checksum(s string) string {
	return encode62(new(big.Int).SetUint64(uint64(crc32.ChecksumIEEE([]byte(s)))), sumLen)
}

// encode62 writes n in base62, left-padded with '0' to width.
func encode62(n *big.Int, width int) string {
	out := make([]byte, width)
	for i := range out {
		out[i] = '0'
	}
	base := big.NewInt(62)
	mod := new(big.Int)
	n = new(big.Int).Set(n)
	for i := width - 1; i >= 0 && n.Sign() > 0; i-- {
		n.DivMod(n, base, mod)
		out[i] = base62[mod.Int64()]
	}
	return string(out)
}

// newID makes a short random identifier with a prefix (org_, key_).
func newID(prefix string) (string, error) {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", fmt.Errorf("generate id: %w", err)
	}
	return prefix + hex.EncodeToString(b[:]), nil
}

// NormalizeOrigin checks an allowed-origin entry of a public key and returns
// its canonical form. Two forms are accepted: a full origin
// ("https://app.example.com", "http://localhost:3000"), matched exactly; or a
// host name ("example.com", "*.example.com"), matched on the origin's host
// over https only, the wildcard covering sub-domains (not the apex).
func NormalizeOrigin(entry string) (string, error) {
	e := strings.ToLower(strings.TrimSpace(entry))
	if e == "" || e == "*" {
		return "", fmt.Errorf("origin %q: an explicit origin or host is required", entry)
	}
	if strings.Contains(e, "://") {
		u, err := url.Parse(e)
		if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || (u.Path != "" && u.Path != "/") || u.RawQuery != "" {
			return "", fmt.Errorf("origin %q: want scheme://host[:port]", entry)
		}
		return u.Scheme + "://" + u.Host, nil
	}
	host := strings.TrimPrefix(e, "*.")
	if host == "" || strings.ContainsAny(host, "/:*?#@ ") || !strings.Contains(host, ".") {
		return "", fmt.Errorf("origin %q: want a host name such as example.com or *.example.com", entry)
	}
	return e, nil
}

// OriginAllowed reports whether a request origin ("https://host[:port]")
// matches one of the allowed entries (canonical forms of NormalizeOrigin).
func OriginAllowed(allowed []string, origin string) bool {
	u, err := url.Parse(strings.ToLower(origin))
	if err != nil || u.Host == "" || (u.Scheme != "https" && u.Scheme != "http") {
		return false
	}
	canon := u.Scheme + "://" + u.Host
	host := u.Hostname()
	for _, a := range allowed {
		switch {
		case strings.Contains(a, "://"):
			if a == canon {
				return true
			}
		case u.Scheme != "https" || u.Port() != "":
		case strings.HasPrefix(a, "*."):
			if strings.HasSuffix(host, a[1:]) {
				return true
			}
		case a == host:
			return true
		}
	}
	return false
}
