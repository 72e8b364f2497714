package alerts

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Box seals webhook secrets at rest with AES-256-GCM under a server key
// (ALERTS_SECRET_KEY). The server must be able to sign, so the secret
// cannot be hashed like an API key; sealing keeps it out of the
// percolator index, snapshots and logs in readable form. The alert id is
// the additional data, so a sealed secret copied onto another alert does
// not open.
type Box struct{ aead cipher.AEAD }

// ErrNoKey means no server key is configured: webhook alerts are refused.
var ErrNoKey = errors.New("ALERTS_SECRET_KEY is not set")

// ParseKey decodes a 32-byte key given as 64 hex digits or base64.
func ParseKey(s string) ([]byte, error) {
	s = strings.TrimSpace(s)
	if b, err := hex.DecodeString(s); err == nil && len(b) == 32 {
		return b, nil
	}
	for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.RawStdEncoding, base64.URLEncoding, base64.RawURLEncoding} {
		if b, err := enc.DecodeString(s); err == nil && len(b) == 32 {
			return b, nil
		}
	}
	return nil, errors.New("ALERTS_SECRET_KEY must be 32 bytes as 64 hex digits or base64 (openssl rand -hex 32)")
}

// NewBox returns a Box for a 32-byte key.
func NewBox(key []byte) (*Box, error) {
	if len(key) != 32 {
		return nil, fmt.Errorf("secret key: %d bytes, want 32", len(key))
	}
	blk, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	aead, err := cipher.NewGCM(blk)
	if err != nil {
		return nil, err
	}
	return &Box{aead: aead}, nil
}

// Seal encrypts a secret bound to an alert id: "v1." + base64(nonce|ciphertext).
func (b *Box) Seal(alertID, secret string) (string, error) {
	if b == nil {
		return "", ErrNoKey
	}
	nonce := make([]byte, b.aead.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		return "", err
	}
	out := b.aead.Seal(nonce, nonce, []byte(secret), []byte(alertID))
	return "v1." + base64.RawURLEncoding.EncodeToString(out), nil
}

// Open decrypts what Seal returned for the same alert id.
func (b *Box) Open(alertID, sealed string) (string, error) {
	if b == nil {
		return "", ErrNoKey
	}
	raw, ok := strings.CutPrefix(sealed, "v1.")
	if !ok {
		return "", errors.New("sealed secret: unknown version")
	}
	data, err := base64.RawURLEncoding.DecodeString(raw)
	if err != nil || len(data) < b.aead.NonceSize() {
		return "", errors.New("sealed secret: malformed")
	}
	n := b.aead.NonceSize()
	pt, err := b.aead.Open(nil, data[:n], data[n:], []byte(alertID))
	if err != nil {
		return "", errors.New("sealed secret: does not open with this key (ALERTS_SECRET_KEY changed?)")
	}
	return string(pt), nil
}

// NewSecret returns a fresh webhook signing secret ("whsec_" + 32 random
// bytes, base64url).
func NewSecret() (string, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return "whsec_" + base64.RawURLEncoding.EncodeToString(b), nil
}

// Sign returns the X-Signature value for a delivery: "sha256=" + hex of
// HMAC-SHA256(secret, timestamp + "." + body), timestamp being the
// X-Timestamp header (Unix seconds).
func Sign(secret string, timestamp int64, body []byte) string {
	m := hmac.New(sha256.New, []byte(secret))
	m.Write([]byte(strconv.FormatInt(timestamp, 10)))
	m.Write([]byte{'.'})
	m.Write(body)
	return "sha256=" + hex.EncodeToString(m.Sum(nil))
}

// Verify checks a signature in constant time (what a receiver does; used
// by the tests and shown in docs/alerts.md).
func Verify(secret string, timestamp int64, body []byte, signature string) bool {
	return hmac.Equal([]byte(Sign(secret, timestamp, body)), []byte(signature))
}
