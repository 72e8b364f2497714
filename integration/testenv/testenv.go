// Package testenv gives tests the backing services they need (OpenSearch and
// Redis) and isolates tests from each other on shared instances.
//
// Resolution order for each service:
//  1. OPENSEARCH_URL / REDIS_URL from the environment, when it answers
//     (`make integration` and `make test` export them after `make services`);
//  2. a container started once per test binary with testcontainers-go, when a
//     Docker engine is reachable (images OpenSearchImage and RedisImage);
//  3. otherwise the test is skipped, except when CI=true, where it fails.
//
// Isolation: IndexPrefix gives each test a unique lowercase index/alias name
// prefix and deletes everything under it when the test ends; RedisKeyPrefix
// does the same for Redis keys. Tests must create all their indices, aliases
// and keys under those prefixes.
package testenv

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/opensearch-project/opensearch-go/v4"
	"github.com/opensearch-project/opensearch-go/v4/opensearchapi"
	"github.com/redis/go-redis/v9"
	"github.com/testcontainers/testcontainers-go"
	"github.com/testcontainers/testcontainers-go/wait"

	"github.com/ukpd/propertyapi/ratelimit"
)

// Container images used when no service URL is given and Docker is available.
// Keep them in step with docker-compose.yml.
const (
	OpenSearchImage = "opensearchproject/opensearch:2.19.1"
	RedisImage      = "redis:7"
)

var httpClient = &http.Client{Timeout: 30 * time.Second}

// OpenSearchURL returns the base URL (no trailing slash) of a reachable
// OpenSearch 2.x cluster, or skips (fails under CI=true) the test.
func OpenSearchURL(tb testing.TB) string {
	tb.Helper()
	u, err := resolve(&osOnce, "OPENSEARCH_URL", pingOpenSearch, startOpenSearchContainer)
	if err != nil {
		unavailable(tb, "OpenSearch", err)
	}
	return u
}

// RedisURL returns a redis:// URL of a reachable Redis server, or skips
// (fails under CI=true) the test.
func RedisURL(tb testing.TB) string {
	tb.Helper()
	u, err := resolve(&redisOnce, "REDIS_URL", pingRedis, startRedisContainer)
	if err != nil {
		unavailable(tb, "Redis", err)
	}
	return u
}

// OpenSearchClient returns an opensearch-go v4 API client for OpenSearchURL.
func OpenSearchClient(tb testing.TB) *opensearchapi.Client {
	tb.Helper()
	c, err := opensearchapi.NewClient(opensearchapi.Config{
		Client: opensearch.Config{Addresses: []string{OpenSearchURL(tb)}},
	})
	if err != nil {
		tb.Fatalf("testenv: opensearch client: %v", err)
	}
	return c
}

// RedisClient returns a go-redis client for RedisURL (any form
// ratelimit.OpenRedis takes: one server, Sentinel, Cluster), closed when
// the test ends.
func RedisClient(tb testing.TB) redis.UniversalClient {
	tb.Helper()
	return OpenRedis(tb, RedisURL(tb))
}

// PatientTimeout is the Redis timeout of test clients: the production
// settings (no retries, fail fast) with timeouts a loaded test machine
// does not trip.
const PatientTimeout = 3 * time.Second

// OpenRedis is ratelimit.OpenRedis(url, PatientTimeout), the constructor
// the API server and keyctl use; the client is closed when the test ends.
func OpenRedis(tb testing.TB, url string) redis.UniversalClient {
	tb.Helper()
	c, err := ratelimit.OpenRedis(url, PatientTimeout)
	if err != nil {
		tb.Fatalf("testenv: %v", err)
	}
	tb.Cleanup(func() { _ = c.Close() })
	return c.Client
}

// IndexPrefix returns a unique, lowercase index and alias name prefix for this
// test, such as "t-testgeoshape-3f9a1c-". When the test ends, every index and
// alias whose name starts with the prefix is deleted.
func IndexPrefix(tb testing.TB) string {
	tb.Helper()
	base := OpenSearchURL(tb)
	prefix := "t-" + sanitise(tb.Name(), 40) + "-" + randomHex(3) + "-"
	tb.Cleanup(func() {
		if err := deleteIndexPrefix(base, prefix); err != nil {
			tb.Errorf("testenv: cleaning up indices %s*: %v", prefix, err)
		}
	})
	return prefix
}

// OpenSearchPrefix returns OpenSearchURL and IndexPrefix: the engine of a
// test and the prefix of its own indices, deleted when the test ends.
func OpenSearchPrefix(tb testing.TB) (url, prefix string) {
	tb.Helper()
	return OpenSearchURL(tb), IndexPrefix(tb)
}

// RedisKeyPrefix returns a unique key prefix for this test, such as
// "t:testquota:3f9a1c:". When the test ends, every key starting with it is
// deleted (SCAN + DEL).
func RedisKeyPrefix(tb testing.TB) string {
	tb.Helper()
	u := RedisURL(tb)
	prefix := "t:" + sanitise(tb.Name(), 40) + ":" + randomHex(3) + ":"
	tb.Cleanup(func() {
		conn, err := ratelimit.OpenRedis(u, PatientTimeout)
		if err != nil {
			tb.Errorf("testenv: %v", err)
			return
		}
		defer conn.Close()
		if err := DeleteKeyPrefix(conn.Client, prefix); err != nil {
			tb.Errorf("testenv: cleaning up redis keys %s*: %v", prefix, err)
		}
	})
	return prefix
}

// ---------------------------------------------------------------- resolution

type resolved struct {
	once sync.Once
	url  string
	err  error
}

var osOnce, redisOnce resolved

// resolve runs once per test binary and service.
func resolve(r *resolved, env string, ping func(string) error, start func() (string, error)) (string, error) {
	r.once.Do(func() {
		var envErr error
		if u := strings.TrimRight(os.Getenv(env), "/"); u != "" {
			if envErr = ping(u); envErr == nil {
				r.url = u
				return
			}
			envErr = fmt.Errorf("%s=%s does not answer: %w", env, u, envErr)
		} else {
			envErr = fmt.Errorf("%s is not set", env)
		}
		if err := dockerAvailable(); err != nil {
			r.err = fmt.Errorf("%w; and no Docker engine for testcontainers (%v); run `make services` and export %s", envErr, err, env)
			return
		}
		u, err := start()
		if err != nil {
			r.err = fmt.Errorf("%w; starting a container failed: %v", envErr, err)
			return
		}
		if err := ping(u); err != nil {
			r.err = fmt.Errorf("container at %s does not answer: %w", u, err)
			return
		}
		r.url = u
	})
	return r.url, r.err
}

func unavailable(tb testing.TB, what string, err error) {
	tb.Helper()
	if os.Getenv("CI") == "true" {
		tb.Fatalf("testenv: %s unavailable under CI=true: %v", what, err)
	}
	tb.Skipf("testenv: %s unavailable, skipping: %v", what, err)
}

// request sends a request without a body to u, bounded by timeout, and
// returns the status and (as far as it could be read) the first 64 KiB of
// the answer.
func request(method, u string, timeout time.Duration) (int, []byte, error) {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, method, u, nil)
	if err != nil {
		return 0, nil, err
	}
	resp, err := httpClient.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10)) // a short read shows in what the caller makes of it
	return resp.StatusCode, body, nil
}

func pingOpenSearch(base string) error {
	status, body, err := request(http.MethodGet, base+"/_cluster/health", 10*time.Second)
	if err != nil {
		return err
	}
	var h struct {
		Status string `json:"status"`
	}
	if err := json.Unmarshal(body, &h); err != nil {
		return fmt.Errorf("cluster health: HTTP %d: %w", status, err)
	}
	if h.Status != "green" && h.Status != "yellow" {
		return fmt.Errorf("cluster health is %q", h.Status)
	}
	return nil
}

func pingRedis(u string) error {
	c, err := ratelimit.OpenRedis(u, PatientTimeout)
	if err != nil {
		return err
	}
	defer c.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	return c.Client.Ping(ctx).Err()
}

// dockerAvailable reports quickly whether testcontainers can reach a Docker engine.
func dockerAvailable() (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("docker provider panicked: %v", r)
		}
	}()
	p, err := testcontainers.NewDockerProvider()
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	return p.Health(ctx) // Health closes the provider
}

// Containers are started at most once per test binary and are removed by
// testcontainers' reaper when the binary exits.

func startOpenSearchContainer() (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	c, err := testcontainers.GenericContainer(ctx, testcontainers.GenericContainerRequest{
		ContainerRequest: testcontainers.ContainerRequest{
			Image:        OpenSearchImage,
			ExposedPorts: []string{"9200/tcp"},
			Env: map[string]string{
				"discovery.type":              "single-node",
				"DISABLE_SECURITY_PLUGIN":     "true",
				"DISABLE_INSTALL_DEMO_CONFIG": "true",
				"OPENSEARCH_JAVA_OPTS":        "-Xms1g -Xmx1g",
			},
			WaitingFor: wait.ForHTTP("/_cluster/health").WithPort("9200/tcp").
				WithStartupTimeout(4 * time.Minute),
		},
		Started: true,
	})
	if err != nil {
		return "", err
	}
	return c.PortEndpoint(ctx, "9200/tcp", "http")
}

func startRedisContainer() (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	c, err := testcontainers.GenericContainer(ctx, testcontainers.GenericContainerRequest{
		ContainerRequest: testcontainers.ContainerRequest{
			Image:        RedisImage,
			ExposedPorts: []string{"6379/tcp"},
			Cmd:          []string{"redis-server", "--appendonly", "yes", "--maxmemory-policy", "noeviction"},
			WaitingFor:   wait.ForLog("Ready to accept connections").WithStartupTimeout(time.Minute),
		},
		Started: true,
	})
	if err != nil {
		return "", err
	}
	return c.PortEndpoint(ctx, "6379/tcp", "redis")
}

// ---------------------------------------------------------------- cleanup

func deleteIndexPrefix(base, prefix string) error {
	pattern := url.PathEscape(prefix + "*")
	// Aliases under the prefix that point at indices outside it, then the
	// indices themselves (which takes their aliases with them).
	if err := doDelete(base + "/_all/_alias/" + pattern); err != nil {
		return err
	}
	return doDelete(base + "/" + pattern + "?expand_wildcards=all&ignore_unavailable=true&allow_no_indices=true")
}

func doDelete(u string) error {
	status, body, err := request(http.MethodDelete, u, 30*time.Second)
	if err != nil {
		return err
	}
	if status == http.StatusNotFound || status/100 == 2 {
		return nil
	}
	if len(body) > 4096 {
		body = body[:4096]
	}
	return fmt.Errorf("DELETE %s: HTTP %d: %s", u, status, body)
}

// DeleteKeyPrefix deletes every key starting with prefix (SCAN + DEL on
// each primary of a cluster).
func DeleteKeyPrefix(c redis.UniversalClient, prefix string) error {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if cc, ok := c.(*redis.ClusterClient); ok {
		return cc.ForEachMaster(ctx, func(ctx context.Context, m *redis.Client) error {
			return deleteKeyPrefix(ctx, m, prefix)
		})
	}
	return deleteKeyPrefix(ctx, c, prefix)
}

func deleteKeyPrefix(ctx context.Context, c redis.Cmdable, prefix string) error {
	var errs []error
	iter := c.Scan(ctx, 0, escapeGlob(prefix)+"*", 500).Iterator()
	batch := make([]string, 0, 500)
	flush := func() { // one DEL per key: a cluster node refuses a DEL across slots
		if len(batch) > 0 {
			p := c.Pipeline()
			for _, k := range batch {
				p.Del(ctx, k)
			}
			_, err := p.Exec(ctx)
			errs = append(errs, err)
			batch = batch[:0]
		}
	}
	for iter.Next(ctx) {
		batch = append(batch, iter.Val())
		if len(batch) == cap(batch) {
			flush()
		}
	}
	flush()
	errs = append(errs, iter.Err())
	return errors.Join(errs...)
}

// ---------------------------------------------------------------- names

var nonName = regexp.MustCompile(`[^a-z0-9]+`)

// sanitise lowercases s and keeps only [a-z0-9-], at most max bytes.
func sanitise(s string, max int) string {
	s = nonName.ReplaceAllString(strings.ToLower(s), "-")
	s = strings.Trim(s, "-")
	if len(s) > max {
		s = strings.TrimRight(s[:max], "-")
	}
	if s == "" {
		s = "test"
	}
	return s
}

func randomHex(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic(err)
	}
	return hex.EncodeToString(b)
}

func escapeGlob(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `*`, `\*`, `?`, `\?`, `[`, `\[`, `]`, `\]`)
	return r.Replace(s)
}
