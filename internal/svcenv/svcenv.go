// Package svcenv holds the one default of each backing-service URL that
// every binary (propertyapi, indexer, keyctl, bench) reads from the
// environment, so that they agree with each other and with the README.
package svcenv

import "strings"

const (
	// DefaultOpenSearchURL is OPENSEARCH_URL when it is unset.
	DefaultOpenSearchURL = "http://127.0.0.1:9200"
	// DefaultRedisURL is REDIS_URL when it is unset.
	DefaultRedisURL = "redis://127.0.0.1:6379"
	// RedisMemory is the REDIS_URL value that asks propertyapi for its
	// in-process key store (one instance, nothing shared, lost on restart)
	// and tells the indexer not to percolate changes into alert streams.
	RedisMemory = "memory"
)

// OpenSearchURL is OPENSEARCH_URL, or its default.
func OpenSearchURL(getenv func(string) string) string {
	if v := strings.TrimSpace(getenv("OPENSEARCH_URL")); v != "" {
		return v
	}
	return DefaultOpenSearchURL
}

// RedisURL is REDIS_URL, or its default when unset; explicit says whether
// the variable was set (a default that does not answer may be skipped
// where Redis is optional, an explicit URL may not). A REDIS_URL of
// "memory" (any case) returns "" with explicit true.
func RedisURL(getenv func(string) string) (url string, explicit bool) {
	v := strings.TrimSpace(getenv("REDIS_URL"))
	switch {
	case v == "":
		return DefaultRedisURL, false
	case strings.EqualFold(v, RedisMemory):
		return "", true
	}
	return v, true
}
